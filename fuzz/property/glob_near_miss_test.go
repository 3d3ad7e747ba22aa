package property

import "testing"

// TestNearMissRefusalCanFail: a compiler that accepts a class cut after a
// backslash, or refuses it at another offset, fails nearMissRefusal, and
// bound.CompileGlob passes it on every near miss after a valid pattern.
func TestNearMissRefusalCanFail(t *testing.T) {
	accepts := func(string) (func(string) bool, error) { return func(string) bool { return false }, nil }
	if v := nearMissRefusal("p", accepts, `a[a\`); v == nil || v.Class != "near-miss-differs" {
		t.Errorf("a compiler accepting %q: %v, want near-miss-differs", `a[a\`, v)
	}
	shifted := func(p string) (func(string) bool, error) { return BoundGlob("x" + p) }
	if v := nearMissRefusal("p", shifted, `a[a\`); v == nil || v.Class != "near-miss-differs" {
		t.Errorf("a compiler refusing one byte later: %v, want near-miss-differs", v)
	}
	for _, nm := range []string{`[a\`, `[\`, `\`, `[`, `[]`, `[z-a]`, `[a-`} {
		if v := nearMissRefusal("p", BoundGlob, "a*"+nm); v != nil {
			t.Errorf("bound: %v", v)
		}
	}
}
