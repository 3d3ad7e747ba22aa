package main

import (
	"flag"
	"io"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// everyCommand is every command and subcommand of this build, by name.
func everyCommand() []*command {
	var all []*command
	for _, c := range commands {
		all = append(all, c)
		all = append(all, c.subcommands...)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].name < all[j].name })
	return all
}

// flagNames are the flags cmd defines, without running it.
func flagNames(cmd *command) []string {
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	cmd.define(fs)
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// refused reports whether a run was a usage error as every command gives
// one: exit 2, nothing on stdout, a message with the command's prefix and
// its synopsis on stderr.
func refused(t *testing.T, cmd *command, args []string, code int, stdout, stderr string) {
	t.Helper()
	if code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, "canonfuzz "+cmd.name+": ") ||
		!strings.Contains(stderr, "usage: canonfuzz "+cmd.synopsis[0]) {
		t.Errorf("canonfuzz %s %q: exit %d, stdout %q, stderr %q; want 2, the message and the usage on stderr", cmd.name, args, code, stdout, stderr)
	}
}

// Every command refuses what it does not understand, before it does any
// work: an unknown flag, more operands than it takes, an unknown
// subcommand, a subcommand after flags (issue 16: `mutation bogus`,
// `mutation lst` and `mutation --out X merge r.json` started the sweep).
func TestEveryCommandRefusesWhatItDoesNotUnderstand(t *testing.T) {
	for _, cmd := range everyCommand() {
		words := strings.Fields(cmd.name)
		try := func(args ...string) {
			code, out, errOut := runCmd(t, "", append(append([]string{}, words...), args...)...)
			refused(t, cmd, args, code, out, errOut)
		}
		try("--no-such-flag")
		try("-no-such-flag=1", "x")
		if cmd.operands.max >= 0 && !cmd.operands.command {
			stray := []string{}
			for i := 0; i <= cmd.operands.max; i++ {
				stray = append(stray, filepath.Join(t.TempDir(), "stray"))
			}
			try(stray...)
			try(append(stray, "--no-such-flag")...)
		}
		if len(cmd.subcommands) > 0 {
			try("bogus")
			try("lst")
			for _, sub := range cmd.subcommands {
				name := strings.TrimPrefix(sub.name, cmd.name+" ")
				try("--out", t.TempDir(), name, "r.json")
			}
		}
	}
}

// -h, -help and --help print the synopsis and every flag on stdout and
// exit 0, on every command (issue 16: nine commands exited 2, and admit,
// canon and digest printed no synopsis).
func TestEveryCommandHelpIsUsageOnStdout(t *testing.T) {
	for _, cmd := range everyCommand() {
		for _, h := range []string{"-h", "-help", "--help"} {
			args := append(strings.Fields(cmd.name), h)
			code, out, errOut := runCmd(t, "", args...)
			if code != exitOK || errOut != "" || !strings.HasPrefix(out, "usage: canonfuzz "+cmd.synopsis[0]+"\n") {
				t.Errorf("canonfuzz %s: exit %d, stderr %q, stdout %q; want 0 and the synopsis on stdout", strings.Join(args, " "), code, errOut, out)
				continue
			}
			for _, name := range flagNames(cmd) {
				if !strings.Contains(out, "  -"+name+" ") && !strings.Contains(out, "  -"+name+"\n") {
					t.Errorf("canonfuzz %s: the flag -%s is not in the help", strings.Join(args, " "), name)
				}
			}
		}
	}
	for _, cmd := range everyCommand() {
		args := append([]string{"help"}, strings.Fields(cmd.name)...)
		if code, out, _ := runCmd(t, "", args...); code != exitOK || !strings.HasPrefix(out, "usage: canonfuzz "+cmd.synopsis[0]+"\n") {
			t.Errorf("%q: exit %d, %q", args, code, out)
		}
	}
}

// The top level follows the same rule: -h, --help and help are exit 0 with
// the usage on stdout; no arguments, an unknown command or a stray
// argument after -h are exit 2 with the usage on stderr.
func TestTopLevelUsage(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"--help"}, {"-help"}, {"help"}} {
		code, out, errOut := runCmd(t, "", args...)
		if code != exitOK || errOut != "" || !strings.HasPrefix(out, "usage: canonfuzz COMMAND") || !strings.Contains(out, "  admit ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	for _, args := range [][]string{{}, {"bogus"}, {"-h", "x"}, {"help", "bogus"}, {"help", "admit", "canon"}, {"help", "admit", "bogus"}, {"--bogus"}} {
		code, out, errOut := runCmd(t, "", args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "usage: canonfuzz COMMAND") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and the usage on stderr", args, code, out, errOut)
		}
	}
}

// Every synopsis the code prints names every flag of its command, and no
// flag the command lacks (the README test holds the README to the same).
func TestEverySynopsisNamesEveryFlag(t *testing.T) {
	for _, cmd := range everyCommand() {
		checkSynopsis(t, "the synopsis of "+cmd.name, cmd.synopsis[0], cmd)
	}
}

// Flags may follow the operands, as a user expects (issue 16: `admit FILE
// --profile ijson` said "at most one input file"); after `--` everything is
// an operand.
func TestFlagsAfterOperands(t *testing.T) {
	dir := writeFiles(t, map[string]string{"big.json": "[9007199254740993]"})
	file := filepath.Join(dir, "big.json")
	if code, out, errOut := runCmd(t, "", "admit", file, "--profile", "ijson"); code != exitRefused || !strings.Contains(out, "9007199254740993") && !strings.Contains(out, `"kind"`) {
		t.Errorf("admit FILE --profile ijson: exit %d, %q %q; want the I-JSON refusal", code, out, errOut)
	}
	if code, _, _ := runCmd(t, "", "admit", file); code != exitOK {
		t.Errorf("admit FILE: exit %d, want 0 under rfc8785", code)
	}
	if code, _, errOut := runCmd(t, "", "admit", "--", "--profile"); code != exitUsage || !strings.Contains(errOut, "--profile: no such file") {
		t.Errorf("admit -- --profile: exit %d, %q; want the file --profile not found", code, errOut)
	}
}

// readCounter is a standard input that counts its reads.
type readCounter struct{ reads int }

func (r *readCounter) Read([]byte) (int, error) { r.reads++; return 0, io.EOF }

// Standard input is read at most once: `meet - -` and `--tools - -` are
// refused before anything is read (issue 16: meet read it twice).
func TestStandardInputAtMostOnce(t *testing.T) {
	dir := writeFiles(t, map[string]string{"b.json": `[{"tool":"t"}]`})
	b := filepath.Join(dir, "b.json")
	for _, args := range [][]string{{"meet", "-", "-"}, {"check", "-", "-"}, {"meet", "--tools", "-", "-", b}, {"check", b, "-", "--tools", "-"}} {
		in := &readCounter{}
		var out, errOut strings.Builder
		code := run(args, in, &out, &errOut)
		if code != exitUsage || in.reads != 0 || !strings.Contains(errOut.String(), "standard input can be read only once") {
			t.Errorf("%q: exit %d, %d reads, stderr %q; want 2 before any read", args, code, in.reads, errOut.String())
		}
	}
}

// One place adds the prefix: a package's error that starts with its own
// name does not repeat it (issue 16: `admit: admit: ...`).
func TestErrorsCarryOnePrefix(t *testing.T) {
	for _, args := range [][]string{{"admit", "--profile", "x"}, {"canon", "--max-depth", "0"}, {"digest", "--max-size", "0"}} {
		code, _, errOut := runCmd(t, "{}", args...)
		if code != exitUsage || !strings.HasPrefix(errOut, "canonfuzz "+args[0]+": ") || strings.Contains(errOut, args[0]+": "+args[0]+": ") {
			t.Errorf("%q: exit %d, %q", args, code, errOut)
		}
	}
}
