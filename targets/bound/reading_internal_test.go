package bound

import (
	"errors"
	"testing"
)

// Canonicalization under a reading refuses a string that is not UTF-8 in
// every mode (SEP-3246 section 3.2.2 works on Unicode strings: NFC of bytes
// that encode no string is undefined), whatever the JSON reading made of
// it before. The lenient JSON readings replace ill-formed text by U+FFFD
// before a string gets here, so this holds the function to its contract
// rather than the readings to their decoders.
func TestReadingCanonStringRefusesInvalidUTF8(t *testing.T) {
	for _, r := range append(TextReadings(), Hardened) {
		for _, m := range []Mode{ModePlain, ModeHierarchical, ModeDual} {
			for _, s := range []string{"\xff", "a\xc3", "/srv/\xed\xa0\x80"} {
				if got, err := r.canonString(s, m, false); !errors.Is(err, errUncanonical) {
					t.Errorf("%s mode %v: canonString(%q) = %q, %v; want errUncanonical", r, m, s, got, err)
				}
			}
		}
	}
}
