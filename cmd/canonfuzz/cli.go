package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// A command is one subcommand of canonfuzz. Every command parses its
// arguments the one way exec does:
//
//   - flags may come before or after the operands (`admit FILE --profile
//     ijson`), until `--`, after which everything is an operand;
//   - a command that runs another (guard's SERVER [ARGS...]) takes the
//     first operand and everything after it verbatim: those are the
//     server's arguments, not the guard's;
//   - an operand count outside operands.min..max, a "-" where standard
//     input cannot be read (or read twice), an unknown flag or an unknown
//     subcommand is a usage error: a message, the synopsis, exit 2;
//   - -h, -help and --help print the synopsis and every flag on stdout
//     and exit 0.
type command struct {
	name     string   // as typed after canonfuzz: "admit", "mutation merge"
	summary  string   // one line for canonfuzz -h
	synopsis []string // each form, after "canonfuzz ", naming every flag
	operands operands
	// define registers the command's flags on fs and returns the body
	// that runs with their values: the README test calls it to read the
	// flag set without running anything.
	define func(fs *flag.FlagSet) body
	// subcommands are chosen by the first argument (mutation merge); a
	// command with subcommands takes no operands of its own.
	subcommands []*command
	// help is printed after the flags by -h (the guard's exit statuses).
	help string
}

// operands says how many non-flag arguments a command takes.
type operands struct {
	min, max int  // max < 0: any number
	stdin    int  // how many of them may be "-", standard input (0 or 1)
	command  bool // the first operand and the rest are a command line to run
}

// body is what a command does once its flags and operands are parsed.
type body func(c *call, operands []string) int

// call is one run of a command: its standard streams and the one place its
// messages get their "canonfuzz NAME: " prefix.
type call struct {
	cmd    *command
	args   []string // as given after the command's name
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// exec parses args for cmd (or the subcommand they name) and runs it.
func (cmd *command) exec(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &call{cmd: cmd, args: args, stdin: stdin, stdout: stdout, stderr: stderr}
	if len(cmd.subcommands) > 0 && len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		if sub := cmd.subcommand(args[0]); sub != nil {
			return sub.exec(args[1:], stdin, stdout, stderr)
		}
		return c.usageError("unknown subcommand %q", args[0])
	}
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // the error is printed by usageError, once
	fs.Usage = func() {}
	run := cmd.define(fs)
	ops, err := cmd.parse(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		cmd.printHelp(stdout, fs)
		return exitOK
	}
	if err != nil {
		return c.usageError("%v", err)
	}
	return run(c, ops)
}

func (cmd *command) subcommand(name string) *command {
	for _, s := range cmd.subcommands {
		if s.name == cmd.name+" "+name {
			return s
		}
	}
	return nil
}

// parse parses args with fs, flags and operands in any order (see
// command), and checks the operands against cmd.operands.
func (cmd *command) parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var ops []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			ops = append(ops, rest...) // the end of the flags
			break
		}
		if len(rest) == 0 {
			break
		}
		if cmd.operands.command {
			ops = append(ops, rest...) // the command to run, with its own flags
			break
		}
		ops, args = append(ops, rest[0]), rest[1:]
	}
	return ops, cmd.checkOperands(ops)
}

func (cmd *command) checkOperands(ops []string) error {
	o := cmd.operands
	if len(cmd.subcommands) > 0 && len(ops) > 0 {
		if cmd.subcommand(ops[0]) != nil {
			return fmt.Errorf("the subcommand %q must come first, before any flag: canonfuzz %s %s", ops[0], cmd.name, ops[0])
		}
		return fmt.Errorf("unknown subcommand or stray argument %q", ops[0])
	}
	switch {
	case o.max >= 0 && len(ops) > o.max && o.max == 0:
		return fmt.Errorf("unexpected argument %q: this command takes none", ops[o.max])
	case o.max >= 0 && len(ops) > o.max:
		return fmt.Errorf("unexpected argument %q: this command takes at most %d", ops[o.max], o.max)
	case len(ops) < o.min:
		return fmt.Errorf("missing arguments: want at least %d, have %d", o.min, len(ops))
	}
	if o.command {
		return nil
	}
	dashes := 0
	for _, op := range ops {
		if op == "-" {
			dashes++
		}
	}
	switch {
	case dashes > 0 && o.stdin == 0:
		return errors.New(`"-" (standard input) is not an input this command reads: name a file`)
	case dashes > o.stdin:
		return fmt.Errorf(`"-" given %d times: standard input can be read only once`, dashes)
	}
	return nil
}

// printHelp writes the synopsis, the summary and every flag: -h's answer.
func (cmd *command) printHelp(w io.Writer, fs *flag.FlagSet) {
	cmd.printSynopsis(w)
	fmt.Fprintf(w, "\n%s\n", cmd.summary)
	if hasFlags(fs) {
		fmt.Fprintln(w, "\nflags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
	if len(cmd.subcommands) > 0 {
		fmt.Fprintf(w, "\nsubcommands (canonfuzz %s SUBCOMMAND -h for their flags):\n", cmd.name)
		for _, s := range cmd.subcommands {
			fmt.Fprintf(w, "  %-10s %s\n", strings.TrimPrefix(s.name, cmd.name+" "), s.summary)
		}
	}
	if cmd.help != "" {
		fmt.Fprintf(w, "\n%s", cmd.help)
	}
}

func (cmd *command) printSynopsis(w io.Writer) {
	for i, s := range cmd.synopsis {
		lead := "usage: "
		if i > 0 {
			lead = "       "
		}
		fmt.Fprintf(w, "%scanonfuzz %s\n", lead, s)
	}
}

func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// errorf writes one message on stderr with the command's prefix. A message
// that already starts with the package's own prefix ("admit: ", the first
// word of the command's name) does not get it twice.
func (c *call) errorf(format string, a ...any) {
	msg := fmt.Sprintf(format, a...)
	pkg, _, _ := strings.Cut(c.cmd.name, " ")
	msg = strings.TrimPrefix(msg, pkg+": ")
	fmt.Fprintf(c.stderr, "canonfuzz %s: %s\n", c.cmd.name, msg)
}

// commandLine is the command as typed, for a report to say how it was made.
func (c *call) commandLine() string {
	return strings.TrimSpace("canonfuzz " + c.cmd.name + " " + strings.Join(c.args, " "))
}

// fail reports an error that is not the user's spelling (an input that
// cannot be read, a folder that cannot be written): exit 2.
func (c *call) fail(format string, a ...any) int {
	c.errorf(format, a...)
	return exitUsage
}

// usageError reports arguments the command does not understand, with its
// synopsis: exit 2.
func (c *call) usageError(format string, a ...any) int {
	c.errorf(format, a...)
	c.cmd.printSynopsis(c.stderr)
	fmt.Fprintf(c.stderr, "run 'canonfuzz %s -h' for every flag\n", c.cmd.name)
	return exitUsage
}
