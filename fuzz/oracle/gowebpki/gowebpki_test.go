package gowebpki

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

// TestIncumbentBehaviour pins what gowebpki/jcs does with every edge
// vector: exactly what RFC 8785 says, the RFC output on every valid one and
// a refusal of every invalid one.
func TestIncumbentBehaviour(t *testing.T) {
	oraclepin.CheckIncumbent(t, New(), oraclepin.RFCExcept(nil))
}
