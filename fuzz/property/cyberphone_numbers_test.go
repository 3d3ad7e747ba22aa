package property

import (
	"bytes"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// cyberphoneNumberRewrites are number tokens RFC 8259 section 6 forbids
// that the cyberphone Go reference reads anyway (it hands any bare token
// to strconv.ParseFloat) and rewrites as the double it parsed.
var cyberphoneNumberRewrites = []struct {
	input, output, forbidden string
}{
	{"[01]", "[1]", "a leading zero"},
	{"[+1]", "[1]", "a plus sign"},
	{"[.5]", "[0.5]", "no digit before the point"},
	{"[1.]", "[1]", "no digit after the point"},
	{"[0x1p0]", "[1]", "a hexadecimal float"},
	{"[1_0]", "[10]", "an underscore between digits"},
	{"[00.0]", "[0]", "two leading zeros"},
}

// TestCyberphoneRewritesForbiddenNumberTokens pins an incumbent behaviour
// of the cyberphone oracle (docs/FINDINGS.md): each token above is refused
// by our admission as a syntax error, and cyberphone canonicalizes it to
// the output shown. The test goes red the day the library changes either
// way, refusing a token or writing something else, so that
// refusalExplained's allowance for it can be revisited.
func TestCyberphoneRewritesForbiddenNumberTokens(t *testing.T) {
	if len(cyberphoneNumberRewrites) == 0 {
		t.Fatal("no vectors")
	}
	o := cyberphone.New()
	for _, v := range cyberphoneNumberRewrites {
		if err := admit.Reference([]byte(v.input), admit.Options{}); err == nil {
			t.Errorf("%s (%s): admit.Reference admits it; it is not a departure of cyberphone's", v.input, v.forbidden)
		}
		got, err := o.Canonicalize([]byte(v.input))
		if err != nil || !bytes.Equal(got, []byte(v.output)) {
			t.Errorf("%s (%s): cyberphone gives %q, %v; pinned %q: the library changed, update docs/FINDINGS.md and refusalExplained",
				v.input, v.forbidden, got, err, v.output)
		}
	}
}
