package bound

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// The documented limits of limits.go as literals, each at its value and
// one past it. TestParseLimits builds its documents from the constants,
// so a constant changed by one changes the documents with it and no test
// notices: here the numbers are the documentation's (MaxValues 1 << 16 =
// 65536, MaxHops 64, MaxRules 4096, MaxInMembers 4096, MaxOperandBytes
// 4096), and the refusal is asserted whole: the *LimitError's What, Max
// and Pointer, its message, inside the *MalformedError at the same
// pointer.
func TestDocumentedLimitsAtTheirEdges(t *testing.T) {
	if MaxValues != 65536 || MaxHops != 64 || MaxRules != 4096 || MaxInMembers != 4096 || MaxOperandBytes != 4096 {
		t.Fatalf("limits %d %d %d %d %d, the documentation says 65536 64 4096 4096 4096",
			MaxValues, MaxHops, MaxRules, MaxInMembers, MaxOperandBytes)
	}
	chain := func(n int) string {
		return hops(n, func(int) string { return `{"eq":1}` })
	}
	inBound := func(n int) string {
		return `[{"tool":"t","args":{"a":{"in":[` + repeatJSON("0", n) + `]}}}]`
	}
	operand := func(op, s string) string {
		return `[{"tool":"t","args":{"a":{"` + op + `":"` + s + `"}}}]`
	}
	rulesInHop := func(n int) string {
		return `{"v":1,"chain":[{"component":"h","bound":[` + repeatJSON(`{"tool":"t"}`, n) + `]}]}`
	}
	eAcute := strings.Repeat("\u00e9", 2048) // 4096 bytes as decoded, 2048 characters
	for _, c := range []struct {
		name      string
		parse     func(string) error
		at, past  string
		what, ptr string
		max       int
	}{
		{"hops", parseProvenance, chain(64), chain(65), "hops", "/chain", 64},
		{"rules of a bound", parseBound, "[" + repeatJSON(`{"tool":"t"}`, 4096) + "]", "[" + repeatJSON(`{"tool":"t"}`, 4097) + "]", "rules", "", 4096},
		{"rules of a hop", parseProvenance, rulesInHop(4096), rulesInHop(4097), "rules", "/chain/0/bound", 4096},
		{"in members", parseBound, inBound(4096), inBound(4097), "in members", "/0/args/a/in", 4096},
		{"prefix bytes", parseBound, operand("prefix", strings.Repeat("x", 4096)), operand("prefix", strings.Repeat("x", 4097)), "operand bytes", "/0/args/a/prefix", 4096},
		{"glob bytes", parseBound, operand("glob", strings.Repeat("x", 4096)), operand("glob", strings.Repeat("x", 4097)), "operand bytes", "/0/args/a/glob", 4096},
		{"prefix bytes decoded", parseBound, operand("prefix", eAcute), operand("prefix", eAcute+"x"), "operand bytes", "/0/args/a/prefix", 4096},
		{"glob bytes decoded", parseBound, operand("glob", `\u00e9`+eAcute[2:]), operand("glob", `\u00e9`+eAcute), "operand bytes", "/0/args/a/glob", 4096},
		// An array of n zeros is n + 1 values.
		{"values", parseValue, "[" + repeatJSON("0", 65535) + "]", "[" + repeatJSON("0", 65536) + "]", "values", "", 65536},
		{"values in objects", parseValue, `{"a":[` + repeatJSON(`{}`, 65534) + `]}`, `{"a":[` + repeatJSON(`{}`, 65535) + `]}`, "values", "", 65536},
		{"values of a call", func(s string) error { _, err := ParseCall([]byte(s)); return err },
			`{"name":"t","arguments":{"a":[` + repeatJSON("0", 65532) + `]}}`, `{"name":"t","arguments":{"a":[` + repeatJSON("0", 65533) + `]}}`, "values", "", 65536},
	} {
		if err := c.parse(c.at); err != nil {
			t.Errorf("%s at the limit: %v", c.name, err)
		}
		err := c.parse(c.past)
		me := wantMalformed(t, c.name+" past the limit", err, c.ptr, FaultOverLimit, "over the limit of")
		var le *LimitError
		if me == nil || !errors.As(me.Err, &le) || !errors.Is(err, ErrTooLarge) {
			t.Errorf("%s past the limit: %v, want a *LimitError inside the malformed", c.name, err)
			continue
		}
		if le.What != c.what || le.Max != c.max || le.Pointer != c.ptr {
			t.Errorf("%s past the limit: %+v, want %s, %d at %q", c.name, *le, c.what, c.max, c.ptr)
		}
		if want := `bound: over the limit of ` + strconv.Itoa(c.max) + ` ` + c.what + ` at "` + c.ptr + `"`; le.Error() != want || me.Reason != want {
			t.Errorf("%s past the limit: %q (reason %q), want %q", c.name, le.Error(), me.Reason, want)
		}
	}
}
