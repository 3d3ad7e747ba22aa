package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/minimize"
)

func init() {
	commands["minimize"] = command{
		summary: "reduce failing inputs, keeping their signature, to vectors under findings/",
		run:     runMinimize,
	}
}

// today is the date a new vector is found on; tests replace it.
var today = func() string { return time.Now().UTC().Format(findings.DateLayout) }

// runMinimize is `canonfuzz minimize --target NAME [--outcome] [--time LIMIT]
// [--out DIR] [--status S] [--comment TEXT] INPUT...`. Each input is read in
// any format minimize.ReadInput knows, reduced with its signature kept, and
// recorded under DIR/TARGET/ (one vector per signature). One line per input
// on stdout, progress on stderr. Exit 0 when every input was recorded, 1 when
// one did not fail or lost its signature, 2 on a usage or I/O error.
func runMinimize(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("minimize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	target := fs.String("target", "", "short name ("+strings.Join(shortTargets, ", ")+") or fuzz target name")
	outcome := fs.Bool("outcome", false, "keep the target's verdict instead of a failure")
	limit := fs.Duration("time", time.Minute, "time limit per input")
	out := fs.String("out", "findings", "findings folder to record vectors in")
	status := fs.String("status", "", "status of a new vector (default spec with --outcome, open without)")
	comment := fs.String("comment", "", "comment line of a new vector")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: canonfuzz minimize --target NAME [--outcome] [--time LIMIT] [--out DIR] INPUT...")
		fmt.Fprintln(stderr, "targets: "+strings.Join(minimize.Targets(), " "))
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "canonfuzz minimize: "+format+"\n", args...)
		return exitUsage
	}
	switch {
	case *target == "":
		return fail("--target is required")
	case fs.NArg() == 0:
		return fail("no input files")
	case *limit < 0:
		return fail("--time %v is negative", *limit)
	}
	st := findings.Status(*status)
	switch {
	case *status == "" && *outcome:
		st = findings.Spec
	case *status == "":
		st = findings.Open
	case !knownStatus(st):
		return fail("--status %q is not one of %v", *status, findings.Statuses)
	}
	signer, short, err := minimize.SignerFor(*target, *outcome)
	if err != nil {
		return fail("%v", err)
	}
	mode := findings.Failure
	if *outcome {
		mode = findings.Outcome
	}
	code := exitOK
	for _, path := range fs.Args() {
		c := minimizeOne(path, job{signer: signer, target: short, mode: mode, status: st, comment: *comment, limit: *limit, out: *out}, stdout, stderr)
		code = max(code, c)
	}
	return code
}

// shortTargets are the short names --target takes besides fuzz targets.
var shortTargets = []string{"admit", "jcs", "digest", "bound", "guard"}

func knownStatus(s findings.Status) bool {
	for _, k := range findings.Statuses {
		if s == k {
			return true
		}
	}
	return false
}

// job is what runMinimize does to every input.
type job struct {
	signer  minimize.Signer
	target  string
	mode    findings.Mode
	status  findings.Status
	comment string
	limit   time.Duration
	out     string
}

// minimizeOne reduces and records one input and returns its exit code.
func minimizeOne(path string, j job, stdout, stderr io.Writer) int {
	data, format, err := minimize.ReadInput(path)
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz minimize: %v\n", err)
		return exitUsage
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz minimize: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stderr, "canonfuzz minimize: %s: %d bytes (%s)\n", path, len(data), format)
	res, err := minimize.Minimize(context.Background(), data, j.signer, minimize.Options{Time: j.limit, Progress: stderr})
	if errors.Is(err, minimize.ErrNoFailure) {
		fmt.Fprintf(stdout, "%s: does not fail under %s (%s mode)\n", path, j.target, j.mode)
		return exitRefused
	}
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz minimize: %s: %v\n", path, err)
		return exitUsage
	}
	if again := minimize.Sign(j.signer, res.Input); again != res.Signature {
		fmt.Fprintf(stdout, "%s: signature lost: %s, then %s on the result (is the target deterministic?)\n", path, res.Signature, again)
		return exitRefused
	}
	sum := sha256.Sum256(raw)
	v := findings.Vector{
		Target:       j.target,
		Mode:         j.mode,
		Signature:    res.Signature,
		Status:       j.status,
		Found:        today(),
		Source:       filepath.ToSlash(filepath.Clean(path)),
		SourceSHA256: hex.EncodeToString(sum[:]),
		SizeBefore:   res.Stats.SizeBefore,
		SizeAfter:    res.Stats.SizeAfter,
		Count:        1,
		Comment:      j.comment,
		Payload:      res.Input,
	}
	written, repeat, err := findings.Record(j.out, v)
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz minimize: %s: %v\n", path, err)
		return exitUsage
	}
	what := "new"
	if repeat {
		what = "repeat"
	}
	complete := ""
	if !res.Stats.Complete {
		complete = ", stopped at the time limit"
	}
	fmt.Fprintf(stdout, "%s: %s: %d -> %d bytes in %v (%d tries%s), %s vector %s\n",
		path, res.Signature, res.Stats.SizeBefore, res.Stats.SizeAfter, res.Stats.Elapsed.Round(time.Millisecond), res.Stats.Tries, complete, what, written)
	return exitOK
}
