package main

import (
	"encoding/json"
	"flag"
	"fmt"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

func init() {
	register(&command{
		name:     "check",
		summary:  "check a tool call against a SEP-3246 provenance chain (section 4.2)",
		synopsis: []string{"check [--tools TOOLS.json] PROVENANCE.json CALL.json"},
		operands: pairOperands,
		define:   checkCommand,
	})
}

// decisionLine is check's one line of output.
type decisionLine struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
}

// checkCommand is `canonfuzz check`: one JSON line {"decision","reason"}
// on stdout; exit 0 admit, 1 deny (a malformed chain or call is a deny), 2
// usage or I/O error.
func checkCommand(fs *flag.FlagSet) body {
	read := pairFlags(fs)
	return func(c *call, ops []string) int {
		in, code := read(c, ops)
		if code != exitOK {
			return code
		}
		d := decide(in.raws[0], in.raws[1], in.canon)
		line := decisionLine{Decision: "deny", Reason: d.Reason}
		if d.Admit {
			line.Decision = "admit"
		}
		b, _ := json.Marshal(line)
		fmt.Fprintf(c.stdout, "%s\n", b)
		if d.Admit {
			return exitOK
		}
		return exitRefused
	}
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
