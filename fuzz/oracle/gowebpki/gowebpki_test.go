package gowebpki

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/oraclepin"
)

// TestPinsAndIncumbentBehaviour pins gowebpki/jcs to go.mod and what it
// does with every edge vector: exactly what RFC 8785 says, the RFC output
// on every valid one and a refusal of every invalid one.
func TestPinsAndIncumbentBehaviour(t *testing.T) {
	oraclepin.CheckLibrary(t, New(), oraclepin.RFCExcept(nil))
}
