package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

func init() {
	commands["meet"] = command{
		summary: "the meet of two SEP-3246 bounds (section 3.3)",
		run:     runMeet,
	}
}

// runMeet is `canonfuzz meet [--tools TOOLS.json] A.json B.json`: the meet
// as one line of deterministic JSON on stdout and exit 0; a malformed bound
// is exit 1 with one JSON line on stderr; usage and I/O errors exit 2.
// Without --tools every argument is read both ways (bound.ModeDual), which
// never widens under any later reading.
func runMeet(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	in, code := readPairInput("meet", "A.json B.json", args, stdin, stderr)
	if code != exitOK {
		return code
	}
	var bounds [2]bound.Bound
	for i, raw := range in.raws {
		var err error
		if bounds[i], err = bound.ParseBound(raw); err != nil {
			printMalformed(stderr, in.names[i], err)
			return exitRefused
		}
	}
	m, err := bound.MeetBounds(bounds[0], bounds[1], in.canon)
	if err != nil {
		printMalformed(stderr, "", err)
		return exitRefused
	}
	out, _ := m.MarshalJSON()
	fmt.Fprintf(stdout, "%s\n", out)
	return exitOK
}

// malformedLine is the one-line JSON error of meet.
type malformedLine struct {
	Error   string `json:"error"`
	File    string `json:"file,omitempty"`
	Pointer string `json:"pointer"`
	Reason  string `json:"reason"`
}

func printMalformed(w io.Writer, file string, err error) {
	line := malformedLine{Error: "malformed", File: file, Reason: err.Error()}
	var me *bound.MalformedError
	if errors.As(err, &me) {
		line.Pointer, line.Reason = me.Pointer, me.Reason
	}
	if errors.Is(err, bound.ErrTooLarge) {
		// A meet past its caps, or a bound past a limit of targets/bound
		// (a *LimitError): refused for its size, not its form.
		line.Error = "too-large"
	}
	b, _ := json.Marshal(line)
	fmt.Fprintf(w, "%s\n", b)
}

// loadTools reads the --tools file, if any, into a bound.Canon.
func loadTools(name string, stdin io.Reader, stderr io.Writer, cmd string) (bound.Canon, int) {
	if name == "" {
		return bound.Canon{}, exitOK
	}
	raw, err := readInput(name, stdin, admit.DefaultMaxSize)
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz %s: %v\n", cmd, err)
		return bound.Canon{}, exitUsage
	}
	s, err := bound.ParseTools(raw)
	if err != nil {
		fmt.Fprintf(stderr, "canonfuzz %s: --tools %s: %v\n", cmd, name, err)
		return bound.Canon{}, exitUsage
	}
	return bound.Canon{Schemas: s}, exitOK
}
