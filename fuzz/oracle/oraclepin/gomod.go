package oraclepin

import (
	"os/exec"
	"strings"
	"testing"
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
