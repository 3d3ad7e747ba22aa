package cyberphone

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/oraclepin"
)

// TestPinsAndIncumbentBehaviour pins the adapter to go.mod and what the
// cyberphone reference does with every edge vector. Two departures from
// RFC 8785: it refuses every top-level value that is not an object or array, and it passes ill-formed UTF-8 (a raw
// surrogate, a 0xFF byte) through to its output unchanged, so its output is
// not always UTF-8.
func TestPinsAndIncumbentBehaviour(t *testing.T) {
	oraclepin.CheckLibrary(t, New(), oraclepin.RFCExcept(oraclepin.Incumbent{
		"lone-surrogate-utf8": "[\"\xed\xa0\x80\"]",
		"invalid-utf8":        "[\"\xff\"]",
		"2^53+1-top":          oraclepin.Refuses,
		"scalar-top":          oraclepin.Refuses,
	}))
}
