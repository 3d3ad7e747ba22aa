package jsontext

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/oraclepin"
)

var _ oracle.Canonicalizer = (*Oracle)(nil)

func TestPinnedVersionMatchesGoMod(t *testing.T) {
	oraclepin.CheckPinnedVersion(t, Module, pinned)
	if got := New().Version(); got != pinned {
		t.Errorf("Version() = %q, want %q", got, pinned)
	}
}

// TestIncumbentBehaviour pins what jsontext.Value.Canonicalize does with
// every edge vector. One departure from RFC 8785: a number beyond the double range
// (1e400) is not refused but clamped to the largest finite double.
func TestIncumbentBehaviour(t *testing.T) {
	oraclepin.CheckIncumbent(t, New(), oraclepin.RFCExcept(oraclepin.Incumbent{
		"overflow": `[1.7976931348623157e+308]`,
	}))
}
