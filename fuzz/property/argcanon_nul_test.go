package property

import (
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ArgumentCanonicalizationIdempotent finds a canonicalization that
// accepts a string holding a NUL under the plain reading (bound's before
// it refused one there: its plain reading was NFC only) or under the
// hierarchical one, and finds none in bound's.
func TestArgumentCanonicalizationIdempotentFindsANULKept(t *testing.T) {
	keepsPlainNUL := func(s string, m bound.Mode, fold bool) (string, error) {
		if m == bound.ModePlain && strings.IndexByte(s, 0) >= 0 {
			return s, nil // NFC only: the NUL is a character
		}
		return bound.CanonicalizeString(s, m, fold)
	}
	keepsPathNUL := func(s string, m bound.Mode, fold bool) (string, error) {
		if m == bound.ModeHierarchical && strings.IndexByte(s, 0) >= 0 {
			return s, nil
		}
		return bound.CanonicalizeString(s, m, fold)
	}
	for _, s := range []string{"/etc/passwd\x00.txt", "\x00", "a\x00"} {
		if v := ArgumentCanonicalizationIdempotent(keepsPlainNUL, s, false); v == nil || v.Class != "plain:nul-kept" {
			t.Errorf("%q, a plain reading keeping the NUL: %v, want plain:nul-kept", s, v)
		}
		if v := ArgumentCanonicalizationIdempotent(keepsPathNUL, s, false); v == nil || v.Class != "hierarchical:nul-kept" {
			t.Errorf("%q, a path reading keeping the NUL: %v, want hierarchical:nul-kept", s, v)
		}
		for _, fold := range []bool{false, true} {
			if v := ArgumentCanonicalizationIdempotent(bound.CanonicalizeString, s, fold); v != nil {
				t.Errorf("%q, bound: %v", s, v)
			}
		}
	}
}
