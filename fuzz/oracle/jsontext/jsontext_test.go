package jsontext

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/oraclepin"
)

// TestPinsAndIncumbentBehaviour pins the adapter to go.mod and what
// jsontext.Value.Canonicalize does with every edge vector. One departure
// from RFC 8785: a number beyond the double range (1e400) is not refused
// but clamped to the largest finite double.
func TestPinsAndIncumbentBehaviour(t *testing.T) {
	oraclepin.CheckLibrary(t, New(), oraclepin.RFCExcept(oraclepin.Incumbent{
		"overflow": `[1.7976931348623157e+308]`,
	}))
}
