package bound_test

import (
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// Every reading refuses a provenance object its rules make malformed, and
// says where: under each JSON reading (strict through admission, the
// lenient two through encoding/json), each required member missing or of
// the wrong type is "malformed provenance" with the fault's text, never a
// chain read as empty or a rule read as unconstrained (the refusal-site
// sweep of 2026-12-06 found no test reaching Reading.provenanceFrom,
// Reading.ruleUnder and decodeUnder).
func TestReadingsRefuseMalformedProvenance(t *testing.T) {
	params := []byte(`{"name":"t","arguments":{"x":"a"}}`)
	hop := func(b string) string { return `{"v":1,"chain":[{"component":"h","bound":` + b + `}]}` }
	for _, c := range []struct {
		name, prov, want string
		lenientOnly      bool
	}{
		{"not an object", `[]`, "provenance must be an object", false},
		{"no v", `{"chain":[]}`, "v is required", false},
		{"v 2", `{"v":2,"chain":[]}`, "unrecognized version", false},
		{"no chain", `{"v":1}`, "chain is required and is an array", false},
		{"chain an object", `{"v":1,"chain":{}}`, "chain is required and is an array", false},
		{"a hop not an object", `{"v":1,"chain":[1]}`, "a hop must be an object", false},
		{"no component", `{"v":1,"chain":[{"bound":[]}]}`, "component is required", false},
		{"no bound", `{"v":1,"chain":[{"component":"h"}]}`, "bound is required", false},
		{"a rule not an object", hop(`[1]`), "a rule must be an object", false},
		{"no tool", hop(`[{"args":{}}]`), "tool is required", false},
		{"args an array", hop(`[{"tool":"t","args":[]}]`), "args must be an object", false},
		{"not JSON", `{"v":1,`, "not JSON", true},
		{"two texts", `{"v":1,"chain":[]} {}`, "not one JSON text", true},
	} {
		for _, j := range []bound.JSONReading{bound.JSONStrict, bound.JSONLastWins, bound.JSONFirstWins} {
			if c.lenientOnly && j == bound.JSONStrict {
				continue // admission words these faults its own way
			}
			r := bound.Reading{Undeclared: bound.ModeHierarchical, JSON: j}
			d := r.CheckLayered([]byte(c.prov), params, bound.Canon{})
			if d.Admit || !strings.HasPrefix(d.Reason, "malformed provenance") || !strings.Contains(d.Reason, c.want) {
				t.Errorf("%s under %s: admit %v, %q; want malformed provenance: ...%s", c.name, r, d.Admit, d.Reason, c.want)
			}
		}
	}
}

// A path that climbs above its root is refused by every reading, never
// resolved to "" that an empty prefix admits (normalizePathAsWritten#0).
func TestReadingsRefuseAPathAboveItsRoot(t *testing.T) {
	for _, r := range append(bound.TextReadings(), bound.Hardened) {
		if r.Undeclared != bound.ModeHierarchical && r.Undeclared != bound.ModeDual {
			continue
		}
		for _, arg := range []string{`"/srv/../.."`, `".."`, `"a/../../b"`} {
			tc := readingCase{"above the root", `{"prefix":""}`, arg}
			if d := tc.checkLayered(r); d.Admit {
				t.Errorf("%s under %s: admitted: %s", arg, r, d.Reason)
			}
		}
	}
}

// Case folding that makes a drive letter ("ſ:x", U+017F folding to 's')
// moves the value to another root: refused under HardenPathRoot with
// folding on, not admitted as "s:x" by an empty prefix (the fold check of
// Reading.canonString).
func TestPathRootRefusesADriveMadeByFolding(t *testing.T) {
	tc := readingCase{"a drive made by folding", `{"prefix":""}`, `"ſ:x"`}
	prov, params := tc.documents()
	folded := bound.Canon{Fold: true}
	text := bound.Reading{Undeclared: bound.ModeHierarchical}
	if d := text.CheckLayered(prov, params, folded); !d.Admit {
		t.Fatalf("the text without the layer refuses it: %s", d.Reason)
	}
	hard := text
	hard.Harden = bound.HardenPathRoot
	if d := hard.CheckLayered(prov, params, folded); d.Admit {
		t.Errorf("%s admits %s folded", hard, tc.arg)
	}
}
