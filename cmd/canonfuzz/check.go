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
		synopsis: []string{"check [--tools TOOLS.json] [--reading hardened|literal] PROVENANCE.json CALL.json"},
		operands: pairOperands,
		define:   checkCommand,
	})
}

// decisionLine is check's one line of output.
type decisionLine struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
}

// readings are the readings of SEP-3246 that check decides by: hardened is
// bound.Check, what the guard enforces; literal is the text with every
// hardening layer off (bound.CheckLiteral, docs/STUDY.md), the yardstick a
// hardening is measured against.
var readings = map[string]bound.Reading{"hardened": bound.Hardened, "literal": bound.Literal}

// checkCommand is `canonfuzz check`: one JSON line {"decision","reason"}
// on stdout; exit 0 admit, 1 deny (a malformed chain or call is a deny), 2
// usage or I/O error.
func checkCommand(fs *flag.FlagSet) body {
	read := pairFlags(fs)
	readingName := fs.String("reading", "hardened", "the reading of SEP-3246 to decide by: hardened (bound.Check, what the guard enforces) or literal (the text with every hardening layer off)")
	return func(c *call, ops []string) int {
		reading, ok := readings[*readingName]
		if !ok {
			return c.usageError("--reading %q: want hardened or literal", *readingName)
		}
		in, code := read(c, ops)
		if code != exitOK {
			return code
		}
		d := reading.Check(in.raws[0], in.raws[1], in.canon)
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
