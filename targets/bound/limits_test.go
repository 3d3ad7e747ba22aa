package bound

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/alloctest"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// hops writes a provenance object of n hops, each permitting tool t with
// the constraint c on argument a.
func hops(n int, c func(i int) string) string {
	h := make([]string, n)
	for i := range h {
		h[i] = fmt.Sprintf(`{"component":"h%d","bound":[{"tool":"t","args":{"a":%s}}]}`, i, c(i))
	}
	return `{"v":1,"chain":[` + strings.Join(h, ",") + `]}`
}

func repeatJSON(elem string, n int) string {
	return strings.TrimSuffix(strings.Repeat(elem+",", n), ",")
}

// Each limit holds at its value and refuses one past it, with a
// *LimitError inside the *MalformedError of the parse, matching
// ErrMalformed and ErrTooLarge and pointing where the limit was passed.
func TestParseLimits(t *testing.T) {
	for _, c := range []struct {
		what     string
		parse    func(string) error
		at, past string
		pointer  string
	}{
		{"hops", parseProvenance, hops(MaxHops, func(int) string { return `{"prefix":"/x"}` }),
			hops(MaxHops+1, func(int) string { return `{"prefix":"/x"}` }), "/chain"},
		{"rules", parseBound, "[" + repeatJSON(`{"tool":"t"}`, MaxRules) + "]", "[" + repeatJSON(`{"tool":"t"}`, MaxRules+1) + "]", ""},
		{"in members", parseBound, `[{"tool":"t","args":{"a":{"in":[` + repeatJSON("0", MaxInMembers) + `]}}}]`,
			`[{"tool":"t","args":{"a":{"in":[` + repeatJSON("0", MaxInMembers+1) + `]}}}]`, "/0/args/a/in"},
		{"operand bytes", parseBound, `[{"tool":"t","args":{"a":{"prefix":"` + strings.Repeat("x", MaxOperandBytes) + `"}}}]`,
			`[{"tool":"t","args":{"a":{"glob":"` + strings.Repeat("x", MaxOperandBytes+1) + `"}}}]`, "/0/args/a/glob"},
		{"values", parseValue, "[" + repeatJSON("0", MaxValues-1) + "]", "[" + repeatJSON("0", MaxValues) + "]", ""},
		{"values", parseValue, "{" + repeatJSON(`"k":{}`, 1) + "}", `{"a":[` + repeatJSON(`{"b":[]}`, MaxValues/2) + `]}`, ""},
	} {
		if err := c.parse(c.at); err != nil {
			t.Errorf("%s at the limit: %v", c.what, err)
		}
		err := c.parse(c.past)
		var le *LimitError
		if !errors.As(err, &le) || le.What != c.what || le.Pointer != c.pointer || !errors.Is(err, ErrMalformed) || !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s past the limit: %v (%+v)", c.what, err, le)
		}
	}
}

func parseProvenance(s string) error { _, err := Parse([]byte(s)); return err }
func parseBound(s string) error      { _, err := ParseBound([]byte(s)); return err }
func parseValue(s string) error      { _, err := ParseValue([]byte(s)); return err }

// The shapes of the denial of service of issue 9 (twenty megabytes of one
// array of zeros, of one object of 1.4 million members, a chain of 100,000
// hops, a call of ten million arguments) are refused by every parse of
// this package for a few bytes per byte: admission and counting allocate
// next to nothing, and no tree is built. The cost counted is the parse's
// beyond admit.Scan's on the same bytes: admission of an object of 1.4
// million members allocates its name tables (about 300 MB, targets/admit's
// cost, reported to its owner), which is not this package's to cap.
func TestLimitRefusalsCostLittle(t *testing.T) {
	zeros := "[" + repeatJSON("0", 10_000_000) + "]"
	var members strings.Builder
	members.WriteString("{")
	for i := range 1_400_000 {
		if i > 0 {
			members.WriteByte(',')
		}
		fmt.Fprintf(&members, `"k%d":0`, i)
	}
	members.WriteString("}")
	chain := hops(100_000, func(i int) string { return fmt.Sprintf(`{"glob":"*x%d*"}`, i) })
	call := `{"name":"t","arguments":` + members.String() + `}`
	for name, c := range map[string]struct {
		doc   string
		parse func([]byte) error
	}{
		"zeros as a bound":   {zeros, func(b []byte) error { _, err := ParseBound(b); return err }},
		"members as a chain": {members.String(), func(b []byte) error { _, err := Parse(b); return err }},
		"100,000 hops":       {chain, func(b []byte) error { _, err := Parse(b); return err }},
		"1.4M arguments":     {call, func(b []byte) error { _, err := ParseCall(b); return err }},
	} {
		doc := []byte(c.doc)
		var err error
		cost := alloctest.Bytes(func() { err = c.parse(doc) })
		scan := alloctest.Bytes(func() { _ = admit.Scan(doc, admit.Options{}) })
		cost -= min(cost, scan)
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s: %v, want a *LimitError", name, err)
		}
		if limit := uint64(len(c.doc)) / 4; cost > limit {
			t.Errorf("%s: the refusal allocated %d bytes beyond admission's for %d, want at most %d", name, cost, len(c.doc), limit)
		}
	}
}

// A chain of MaxHops hops, each with its own glob, is checked in work
// linear in the chain: each hop's constraint is met once, and the check
// allocates a small multiple of the chain.
func TestCheckOfMaxHopsIsLinear(t *testing.T) {
	doc := hops(MaxHops, func(i int) string { return fmt.Sprintf(`{"glob":"/srv/**/x%d*"}`, i) })
	p, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	call := Call{Name: "t", Arguments: map[string]Value{"a": String("/srv/a/x1")}}
	var d Decision
	cost := alloctest.Bytes(func() { d = Check(p, call, Canon{}) })
	if d.Admit {
		t.Errorf("admitted by %d disjoint globs: %+v", MaxHops, d)
	}
	if limit := uint64(64 * len(doc)); cost > limit {
		t.Errorf("the check of %d hops allocated %d bytes for a %d-byte chain, want at most %d", MaxHops, cost, len(doc), limit)
	}
}
