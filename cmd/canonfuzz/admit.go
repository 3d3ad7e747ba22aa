package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

func init() {
	commands["admit"] = command{
		summary: "admit or refuse a JSON text on its raw bytes",
		run:     runAdmit,
	}
}

// runAdmit is `canonfuzz admit [--profile P] [--max-depth N] [--max-size B] [FILE|-]`:
// exit 0 and no output when admitted; exit 1 and one JSON line on stdout
// when refused; exit 2 and a message on stderr for usage and I/O errors.
func runAdmit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("admit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	opts := admitFlags(fs)
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(stderr, "canonfuzz admit: at most one input file")
		return exitUsage
	}
	o, err := opts()
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz admit: %v\n", err)
		return exitUsage
	}
	input, err := readAdmitInput(fs.Arg(0), stdin, o.MaxSize)
	if err != nil {
		if printRefusal(stdout, err) {
			return exitRefused
		}
		fmt.Fprintf(stderr, "canonfuzz admit: %v\n", err)
		return exitUsage
	}
	if err := admit.Scan(input, o); err != nil {
		if printRefusal(stdout, err) {
			return exitRefused
		}
		fmt.Fprintf(stderr, "canonfuzz admit: %v\n", err)
		return exitUsage
	}
	return exitOK
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
