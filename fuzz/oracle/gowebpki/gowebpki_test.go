package gowebpki

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/oracletest"
)

var _ oracle.Canonicalizer = (*Oracle)(nil)

func TestPinnedVersionMatchesGoMod(t *testing.T) {
	oracletest.CheckPinnedVersion(t, Module, pinned)
	if got := New().Version(); got != pinned {
		t.Errorf("Version() = %q, want %q", got, pinned)
	}
}

// TestIncumbentBehaviour pins what gowebpki/jcs does with every edge
// vector: exactly what RFC 8785 says, the RFC output on every valid one and
// a refusal of every invalid one.
func TestIncumbentBehaviour(t *testing.T) {
	oracletest.CheckIncumbent(t, New(), oracletest.RFCExcept(nil))
}
