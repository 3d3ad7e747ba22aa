package admit_test

import (
	"fmt"
	"testing"
	"unicode/utf16"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// TestEscapePathNoncharacters holds the \u fast path of scanString (issue
// 20: a \u escape or a surrogate pair judged without ReadEscape's call) to
// Reference under both profiles: every noncharacter, spelled as one escape
// (the 32 of U+FDD0..U+FDEF and U+FFFE, U+FFFF) or as a surrogate pair (the
// last two code points of planes 1 to 16), is refused under IJSON at its
// backslash and admitted under RFC 8785, as are its neighbours, which both
// admit; in a member name and in a value, after other escapes.
func TestEscapePathNoncharacters(t *testing.T) {
	var spellings []string
	esc := func(r rune) string {
		if r < 0x10000 {
			return fmt.Sprintf(`\u%04X`, r)
		}
		hi, lo := utf16.EncodeRune(r)
		return fmt.Sprintf(`\u%04x\u%04X`, hi, lo)
	}
	for r := rune(0xFDCF); r <= 0xFDF0; r++ {
		spellings = append(spellings, esc(r))
	}
	for plane := rune(0); plane <= 16; plane++ {
		for _, r := range []rune{plane<<16 | 0xFFFD, plane<<16 | 0xFFFE, plane<<16 | 0xFFFF} {
			spellings = append(spellings, esc(r))
		}
	}
	refusedUnderIJSON := 0
	for _, sp := range spellings {
		for _, doc := range []string{`["` + sp + `"]`, `{"a\n` + sp + `":0}`, `["\t` + sp + `x"]`} {
			for _, profile := range []admit.Profile{admit.RFC8785, admit.IJSON} {
				opts := admit.Options{Profile: profile}
				got, want := admit.Scan([]byte(doc), opts), admit.Reference([]byte(doc), opts)
				if d := sameVerdict(got, want); d != "" {
					t.Errorf("%s, %s: %s", doc, profile, d)
				}
				if profile == admit.IJSON && got != nil {
					refusedUnderIJSON++
				}
			}
		}
	}
	if want := 3 * (32 + 2*17); refusedUnderIJSON != want {
		t.Errorf("%d refusals under IJSON, want %d", refusedUnderIJSON, want)
	}
}

// TestEmptyContainersWithSpace: an empty array or object with each kind of
// whitespace (and runs of it) inside is admitted, nested or not (issue 20:
// run skips the whitespace after '[' and '{' only when the next byte can
// be some, so the test holds that test to every whitespace byte).
func TestEmptyContainersWithSpace(t *testing.T) {
	for _, ws := range []string{" ", "\t", "\n", "\r", " \t\n\r "} {
		for _, doc := range []string{"[" + ws + "]", "{" + ws + "}", `{"a":[` + ws + `]}`, `[{` + ws + `},[` + ws + `]]`} {
			if err := admit.Scan([]byte(doc), admit.Options{}); err != nil {
				t.Errorf("%q: %v", doc, err)
			}
		}
	}
}
