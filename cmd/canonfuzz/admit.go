package main

import (
	"flag"
	"fmt"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

func init() {
	register(&command{
		name:     "admit",
		summary:  "admit or refuse a JSON text on its raw bytes",
		synopsis: []string{"admit [--profile rfc8785|ijson] [--max-depth N] [--max-size BYTES] [FILE|-]"},
		operands: operands{max: 1, stdin: 1},
		define:   admitCommand,
	})
}

// admitCommand is `canonfuzz admit`: exit 0 and no output when admitted;
// exit 1 and one JSON line on stdout when refused; exit 2 and a message on
// stderr for usage and I/O errors.
func admitCommand(fs *flag.FlagSet) body {
	opts := admitFlags(fs)
	return func(c *call, ops []string) int {
		o, err := opts()
		if err != nil {
			return c.usageError("%v", err)
		}
		input, err := readAdmitInput(operand(ops), c.stdin, o.MaxSize)
		if err == nil {
			err = admit.Scan(input, o)
		}
		if err != nil {
			if printRefusal(c.stdout, err) {
				return exitRefused
			}
			return c.fail("%v", err)
		}
		return exitOK
	}
}

// operand is the one optional operand: "" (standard input) when absent.
func operand(ops []string) string {
	if len(ops) == 0 {
		return ""
	}
	return ops[0]
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
