package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

func init() {
	register(&command{
		name:     "meet",
		summary:  "the meet of two SEP-3246 bounds (section 3.3)",
		synopsis: []string{"meet [--tools TOOLS.json] A.json B.json"},
		operands: pairOperands,
		define:   meetCommand,
	})
}

// meetCommand is `canonfuzz meet`: the meet as one line of deterministic
// JSON on stdout and exit 0; a malformed bound is exit 1 with one JSON line
// on stderr; usage and I/O errors exit 2. Without --tools every argument
// is read both ways (bound.ModeDual), which never widens under any later
// reading.
func meetCommand(fs *flag.FlagSet) body {
	read := pairFlags(fs)
	return func(c *call, ops []string) int {
		in, code := read(c, ops)
		if code != exitOK {
			return code
		}
		var bounds [2]bound.Bound
		for i, raw := range in.raws {
			var err error
			if bounds[i], err = bound.ParseBound(raw); err != nil {
				printMalformed(c.stderr, in.names[i], err)
				return exitRefused
			}
		}
		m, err := bound.MeetBounds(bounds[0], bounds[1], in.canon)
		if err != nil {
			printMalformed(c.stderr, "", err)
			return exitRefused
		}
		out, _ := m.MarshalJSON()
		fmt.Fprintf(c.stdout, "%s\n", out)
		return exitOK
	}
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

// loadTools reads the --tools file, if any, into a bound.Canon: standard
// input for "-" where a command allows it, any other name as a
// configuration file that cannot hang the command (readConfigFile).
func loadTools(c *call, name string) (bound.Canon, int) {
	if name == "" {
		return bound.Canon{}, exitOK
	}
	var raw []byte
	var err error
	if name == "-" {
		raw, err = readInput(name, c.stdin, admit.DefaultMaxSize)
	} else {
		raw, err = readConfigFile(name, admit.DefaultMaxSize)
	}
	if err != nil {
		return bound.Canon{}, c.fail("--tools: %v", err)
	}
	// bound.ParseTools, with the decoded value kept for the NUL check: a
	// name holding U+0000 is another name to a server reading C strings
	// (red-team pass 4 of docs/GUARD.md)
	var s bound.Schemas
	v, err := bound.ParseValue(raw)
	if err == nil {
		s, err = bound.SchemasFromValue(v)
	}
	if err == nil {
		err = guard.CheckToolsNUL(v)
	}
	if err != nil {
		return bound.Canon{}, c.fail("--tools %s: %v", name, err)
	}
	return bound.Canon{Schemas: s}, exitOK
}
