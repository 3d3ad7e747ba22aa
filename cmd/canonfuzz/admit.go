package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

func init() {
	register(admitInputCommand("admit", "admit or refuse a JSON text on its raw bytes", admitCommand))
}

// admitInputCommand is a command of admission's flags and one input, FILE
// or standard input: admit, canon and digest.
func admitInputCommand(name, summary string, define func(fs *flag.FlagSet) body) *command {
	return &command{
		name:     name,
		summary:  summary,
		synopsis: []string{name + " [--profile rfc8785|ijson] [--max-depth N] [--max-size BYTES] [FILE|-]"},
		operands: operands{max: 1, stdin: 1},
		define:   define,
	}
}

// admitCommand is `canonfuzz admit`: exit 0 and no output when admitted;
// exit 1 and one JSON line on stdout when refused; exit 2 and a message on
// stderr for usage and I/O errors.
func admitCommand(fs *flag.FlagSet) body {
	read := admitInput(fs)
	return func(c *call, ops []string) int {
		input, o, err := read(c, ops)
		if err == nil {
			err = admit.Scan(input, o)
		}
		return refuseOrFail(c, c.stdout, err)
	}
}

// optionsError is a flag of admission's that is out of range or unknown.
type optionsError struct{ err error }

func (e *optionsError) Error() string { return e.err.Error() }
func (e *optionsError) Unwrap() error { return e.err }

// admitInput registers admission's flags on fs; the function it returns
// checks them (an *optionsError) and reads the one input under the cap
// (an over-cap input is refused as admit.Scan refuses it).
func admitInput(fs *flag.FlagSet) func(c *call, ops []string) ([]byte, admit.Options, error) {
	opts := admitFlags(fs)
	return func(c *call, ops []string) ([]byte, admit.Options, error) {
		o, err := opts()
		if err != nil {
			return nil, o, &optionsError{err}
		}
		name := ""
		if len(ops) > 0 {
			name = ops[0]
		}
		input, err := readAdmitInput(name, c.stdin, o.MaxSize)
		return input, o, err
	}
}

// admittedTransform is the body of canon and digest: it reads the one
// input under admission's flags (admitInput), hands it to transform, and
// writes what transform returns to stdout as it is; a refusal is one JSON
// line on stderr (refuseOrFail).
func admittedTransform(fs *flag.FlagSet, transform func(input []byte, o admit.Options) ([]byte, error)) body {
	read := admitInput(fs)
	return func(c *call, ops []string) int {
		input, o, err := read(c, ops)
		var out []byte
		if err == nil {
			out, err = transform(input, o)
		}
		if err != nil {
			return refuseOrFail(c, c.stderr, err)
		}
		if _, err := c.stdout.Write(out); err != nil {
			return c.fail("writing the output: %v", err)
		}
		return exitOK
	}
}

// refuseOrFail is how admit, canon and digest end: exit 0 without an
// error; a usage error for a flag; exit 1 and the refusal as one JSON line
// on w for a *digest.Error or an *admit.Error (printRefusal); exit 2 for
// anything else.
func refuseOrFail(c *call, w io.Writer, err error) int {
	var oe *optionsError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &oe):
		return c.usageError("%v", err)
	case printRefusal(w, err):
		return exitRefused
	}
	return c.fail("%v", err)
}

// admitFlags registers --profile, --max-depth and --max-size on fs. The
// returned function builds validated Options, with MaxSize resolved to its
// default so callers can bound their reads by it.
func admitFlags(fs *flag.FlagSet) func() (admit.Options, error) {
	profile := fs.String("profile", "rfc8785", "rule set: rfc8785 or ijson")
	depth := fs.Int("max-depth", admit.DefaultMaxDepth, fmt.Sprintf("open containers admitted (1..%d)", admit.MaxDepthLimit))
	size := fs.Int64("max-size", admit.DefaultMaxSize, fmt.Sprintf("bytes admitted (1..%d); reading stops there", maxInputLimit))
	build := func() (admit.Options, error) {
		p, err := admit.ParseProfile(*profile)
		if err != nil {
			return admit.Options{}, err
		}
		if *depth < 1 {
			return admit.Options{}, fmt.Errorf("%w: max depth %d is outside 1..%d", admit.ErrOptions, *depth, admit.MaxDepthLimit)
		}
		if *size < 1 || *size > maxInputLimit {
			return admit.Options{}, fmt.Errorf("%w: max size %d is outside 1..%d", admit.ErrOptions, *size, maxInputLimit)
		}
		o := admit.Options{Profile: p, MaxDepth: *depth, MaxSize: *size}
		if err := o.Validate(); err != nil {
			return admit.Options{}, err
		}
		return o, nil
	}
	return build
}
