package jcs

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// TestIJSONRefusesSomeCanonicalForms pins a gap between the I-JSON profile
// and RFC 8785 section 3.2.2.3. admit judges UnsafeInteger on the exact
// decimal value of a token, so a non-integer decimal at or near 2^53 is
// admitted; but every double of magnitude 2^53 or more is an integer, and
// Number::toString writes it as one, which the same profile refuses. The
// canonical form of an admitted I-JSON text is therefore not always
// admitted under I-JSON. When admission judges the rounded value instead,
// this test fails, and the exception in FuzzCanonicalizeFixedPoint goes.
func TestIJSONRefusesSomeCanonicalForms(t *testing.T) {
	ijson := admit.Options{Profile: admit.IJSON}
	for _, c := range []struct{ in, out string }{
		{`10000000000000000.1`, `10000000000000000`},
		{`9007199254740993.5`, `9007199254740994`},
		{`9007199254740991.9`, `9007199254740992`}, // rounds up to 2^53
	} {
		out, err := Canonicalize([]byte(c.in), ijson)
		if err != nil || string(out) != c.out {
			t.Fatalf("Canonicalize(%s, ijson) = %s, %v; want %s", c.in, out, err, c.out)
		}
		if err := admit.Scan(out, ijson); !errors.Is(err, admit.UnsafeInteger) {
			t.Errorf("admit.Scan(%s, ijson) = %v; the gap is closed, drop this test and the fuzz exception", out, err)
		}
	}
}
