//go:build lab || planted

package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/fuzz/signer"
	"github.com/canonfuzz/canonfuzz/minimize"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

func init() {
	register(&command{
		name:     "minimize",
		summary:  "reduce failing inputs, keeping their signature, to vectors under findings/",
		synopsis: []string{"minimize --target NAME [--outcome] [--time LIMIT] [--out DIR] [--status S] [--comment TEXT] [--max-size BYTES] INPUT..."},
		operands: operands{min: 1, max: -1},
		define:   minimizeCommand,
		help:     "targets: " + strings.Join(signer.Names(), " ") + "\n",
	})
}

// today is the date a new vector is found on; tests replace it.
var today = func() string { return time.Now().UTC().Format(findings.DateLayout) }

// minimizeCommand is `canonfuzz minimize`. Each input is read in
// any format minimize.ReadInput knows, reduced with its signature kept, and
// recorded under DIR/TARGET/ (one vector per signature). One line per input
// on stdout, progress on stderr. Exit 0 when every input was recorded, 1 when
// one did not fail or lost its signature, 2 on a usage or I/O error (an
// input over --max-size or not a regular file among them: the minimizer
// reads each input whole, so /dev/zero or a pipe is refused before it is
// read; so is "-").
func minimizeCommand(fs *flag.FlagSet) body {
	target := fs.String("target", "", "short name ("+strings.Join(shortTargets, ", ")+") or fuzz target name")
	outcome := fs.Bool("outcome", false, "keep the target's verdict instead of a failure")
	limit := fs.Duration("time", time.Minute, "time limit per input")
	out := fs.String("out", "findings", "findings folder to record vectors in")
	status := fs.String("status", "", "status of a new vector (default spec with --outcome, open without)")
	comment := fs.String("comment", "", "comment line of a new vector")
	maxSize := fs.Int64("max-size", admit.DefaultMaxSize, fmt.Sprintf("bytes in one input file (1..%d); a longer one, or one that is not a regular file, is refused unread", maxInputLimit))
	return func(c *call, inputs []string) int {
		return runMinimize(c, inputs, minimizeFlags{*target, *outcome, *limit, *out, *status, *comment, *maxSize})
	}
}

// minimizeFlags are the values of minimize's flags.
type minimizeFlags struct {
	target  string
	outcome bool
	limit   time.Duration
	out     string
	status  string
	comment string
	maxSize int64
}

// runMinimize checks the flags and reduces each input.
func runMinimize(c *call, inputs []string, f minimizeFlags) int {
	fail := c.usageError
	stdout, stderr := c.stdout, c.stderr
	switch {
	case f.target == "":
		return fail("--target is required")
	case f.limit < 0:
		return fail("--time %v is negative", f.limit)
	case f.maxSize < 1 || f.maxSize > maxInputLimit:
		return fail("--max-size %d is outside 1..%d", f.maxSize, maxInputLimit)
	}
	st := findings.Status(f.status)
	if st != "" && !knownStatus(st) {
		return fail("--status %q is not one of %v", f.status, findings.Statuses)
	}
	if _, err := signer.For(f.target, f.outcome); err != nil {
		return fail("%v", err)
	}
	req := findings.Request{Target: f.target, Outcome: f.outcome, Status: st, Comment: f.comment, Found: today(), Time: f.limit, Out: f.out, Progress: stderr}
	code := exitOK
	for _, path := range inputs {
		if err := checkInputFile(path, f.maxSize); err != nil {
			code = max(code, c.fail("%v", err))
			continue
		}
		code = max(code, minimizeOne(path, req, stdout, stderr))
	}
	return code
}

// shortTargets are the short names --target takes besides fuzz targets.
var shortTargets = []string{"admit", "jcs", "digest", "bound", "guard", "cyberphone", "gowebpki", "jsontext"}

func knownStatus(s findings.Status) bool {
	for _, k := range findings.Statuses {
		if s == k {
			return true
		}
	}
	return false
}

// minimizeOne reduces and records one input and returns its exit code.
func minimizeOne(path string, req findings.Request, stdout, stderr io.Writer) int {
	fmt.Fprintf(stderr, "canonfuzz minimize: %s\n", path)
	rep, err := findings.Reduce(context.Background(), path, req)
	switch {
	case errors.Is(err, minimize.ErrNoFailure):
		mode := "failure"
		if req.Outcome {
			mode = "outcome"
		}
		fmt.Fprintf(stdout, "%s: does not fail under %s (%s mode)\n", path, req.Target, mode)
		return exitRefused
	case errors.Is(err, findings.ErrSignatureLost):
		fmt.Fprintf(stdout, "%s: %v (is the target deterministic?)\n", path, err)
		return exitRefused
	case err != nil:
		fmt.Fprintf(stderr, "canonfuzz minimize: %v\n", err)
		return exitUsage
	}
	what := "new"
	if rep.Repeat {
		what = "repeat"
	}
	st := rep.Result.Stats
	complete := ""
	if !st.Complete {
		complete = ", stopped at the time limit"
	}
	fmt.Fprintf(stdout, "%s (%s): %s: %d -> %d bytes in %v (%d tries%s), %s vector %s\n",
		path, rep.Format, rep.Result.Signature, st.SizeBefore, st.SizeAfter, st.Elapsed.Round(time.Millisecond), st.Tries, complete, what, rep.Path)
	printDocument(stdout, path, rep)
	return exitOK
}

// checkInputFile refuses, before anything reads it, an input the minimizer
// could not read within the cap: one that is not a regular file (a device
// such as /dev/zero, a pipe, which have no size to check and may never
// end) or is longer than limit. A go-fuzz crasher named by its .output or
// .quoted file is read from the file beside it, which is checked too.
func checkInputFile(path string, limit int64) error {
	paths := []string{path}
	for _, ext := range []string{".output", ".quoted"} {
		if base, ok := strings.CutSuffix(path, ext); ok {
			paths = append(paths, base)
		}
	}
	for _, p := range paths {
		fi, err := os.Stat(p)
		switch {
		case err != nil && p != path:
			continue // no crasher beside it: the named file is the input
		case err != nil:
			return err
		case !fi.Mode().IsRegular():
			return fmt.Errorf("%s: not a regular file (%v): the minimizer reads its inputs whole", p, fi.Mode().Type())
		case fi.Size() > limit:
			return &inputTooLargeError{Name: p, Limit: limit}
		}
	}
	return nil
}

// printDocument says what became of the document of a generator-bytes
// target (the JSON value, call or message its generator makes of the
// minimized bytes): the reduced document itself and its vector, so that
// what a person reads is the document, not the generator's bytes; or why
// there is none.
func printDocument(w io.Writer, path string, rep findings.Report) {
	switch d := rep.Document; {
	case d != nil:
		what := "new"
		if d.Repeat {
			what = "repeat"
		}
		fmt.Fprintf(w, "%s: document: %d -> %d bytes, %s vector %s\n  %s\n",
			path, d.Result.Stats.SizeBefore, len(d.Result.Input), what, d.Path, d.Result.Input)
	case rep.DocumentSkipped != "":
		fmt.Fprintf(w, "%s: no document vector: %s\n", path, rep.DocumentSkipped)
	}
}
