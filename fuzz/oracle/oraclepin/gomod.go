package oraclepin

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
)

// CheckPinnedVersion fails unless pinned is the version of module that
// go.mod requires, as `go list -m` reports it: an adapter's fallback
// version can never disagree with what is linked.
func CheckPinnedVersion(t *testing.T, module, pinned string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", module).Output()
	if err != nil {
		t.Fatalf("go list -m %s: %v", module, err)
	}
	if got := strings.TrimSpace(string(out)); got != pinned {
		t.Errorf("go.mod requires %s %s, the adapter pins %s", module, got, pinned)
	}
}

// CheckLibrary holds a Go adapter to go.mod (CheckPinnedVersion, and its
// Version is that pin where the build information names no module) and to
// its table of outcomes on the edge vectors (CheckIncumbent).
func CheckLibrary(t *testing.T, l *oracle.Library, pinned Incumbent) {
	t.Helper()
	t.Run("pinned-version", func(t *testing.T) {
		CheckPinnedVersion(t, l.Module(), l.Pinned())
		if got := l.Version(); got != l.Pinned() {
			t.Errorf("Version() = %q, want %q", got, l.Pinned())
		}
	})
	t.Run("incumbent", func(t *testing.T) { CheckIncumbent(t, l, pinned) })
}
