package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

func init() {
	commands["check"] = command{
		summary: "check a tool call against a SEP-3246 provenance chain (section 4.2)",
		run:     runCheck,
	}
}

// decisionLine is check's one line of output.
type decisionLine struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
}

// runCheck is `canonfuzz check [--tools TOOLS.json] PROVENANCE.json
// CALL.json`: one JSON line {"decision","reason"} on stdout; exit 0 admit,
// 1 deny (a malformed chain or call is a deny), 2 usage or I/O error.
func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	tools := fs.String("tools", "", "a tools/list result naming path and URI arguments")
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	if fs.NArg() != 2 {
		fmt.Fprintln(stderr, "usage: canonfuzz check [--tools TOOLS.json] PROVENANCE.json CALL.json")
		return exitUsage
	}
	canon, code := loadTools(*tools, stdin, stderr, "check")
	if code != exitOK {
		return code
	}
	var raws [2][]byte
	for i, name := range fs.Args() {
		raw, err := readInput(name, stdin, admit.DefaultMaxSize)
		if err != nil {
			fmt.Fprintf(stderr, "canonfuzz check: %v\n", err)
			return exitUsage
		}
		raws[i] = raw
	}
	d := decide(raws[0], raws[1], canon)
	line := decisionLine{Decision: "deny", Reason: d.Reason}
	if d.Admit {
		line.Decision = "admit"
	}
	b, _ := json.Marshal(line)
	fmt.Fprintf(stdout, "%s\n", b)
	if d.Admit {
		return exitOK
	}
	return exitRefused
}

func decide(provenance, call []byte, canon bound.Canon) bound.Decision {
	p, err := bound.Parse(provenance)
	if err != nil {
		return bound.Decision{Reason: "malformed provenance: " + err.Error()}
	}
	c, err := bound.ParseCall(call)
	if err != nil {
		return bound.Decision{Reason: "malformed call: " + err.Error()}
	}
	return bound.Check(p, c, canon)
}
