package noescalation

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
)

func startAdapter(t *testing.T, args ...string) (*subprocess.Client, error) {
	t.Helper()
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Fatalf("python3 is required for the adapter: %v", err)
	}
	// The tests judge what the adapter answers or says, not how fast it
	// starts: it starts Python twice (once more to pin PYTHONHASHSEED),
	// through pyenv's shim where there is one, which took over the default
	// 10 s on a loaded two-core runner.
	return subprocess.Start(subprocess.Config{Command: python, Args: append([]string{"adapter.py"}, args...),
		StartTimeout: time.Minute})
}

// TestAdapterServesCheck: hello names the module by the hash of its files,
// and check carries the reference module's decision, its exception as
// undecided, and a malformed operand as undecided.
func TestAdapterServesCheck(t *testing.T) {
	c, err := startAdapter(t, "--proxy-dir", filepath.Join("testdata", "fakeproxy"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Name() != "no-escalation/provenance.py" || !strings.HasPrefix(c.Version(), "proxy sha256 ") || c.Protocol() != 2 {
		t.Fatalf("hello: %s %s protocol %d", c.Name(), c.Version(), c.Protocol())
	}
	chain := []byte(`{"v":1,"chain":[{"component":"h","bound":[]}]}`)
	for _, tc := range []struct {
		prov, params string
		admit        bool
		undecided    string
	}{
		{string(chain), `{"name":"t","arguments":{"ok":true}}`, true, ""},
		{string(chain), `{"name":"t","arguments":{"ok":false}}`, false, ""},
		{string(chain), `{"name":"t","arguments":{"ok":false,"ok":true}}`, true, ""}, // json.loads keeps the last
		{`null`, `{"name":"t","arguments":{"ok":true}}`, false, ""},                  // absent: the empty chain
		{string(chain), `{"name":"raise"}`, false, "ValueError: raised on purpose"},
		{string(chain), `{"name":`, false, "JSONDecodeError"},
	} {
		admit, _, err := c.Check([]byte(tc.prov), []byte(tc.params))
		switch {
		case tc.undecided != "":
			var ue *subprocess.UndecidedError
			if !errors.As(err, &ue) || !strings.Contains(ue.Reason, tc.undecided) {
				t.Errorf("%s: %v, want undecided with %q", tc.params, err, tc.undecided)
			}
		case err != nil || admit != tc.admit:
			t.Errorf("%s under %s: admit %v, %v; want %v", tc.params, tc.prov, admit, err, tc.admit)
		}
	}
}

// TestAdapterWithoutTheReferenceFailsToStart: no folder, or one without the
// module, is a start failure that says what to give.
func TestAdapterWithoutTheReferenceFailsToStart(t *testing.T) {
	t.Setenv("NOESCALATION_PROXY", "")
	for _, args := range [][]string{nil, {"--proxy-dir", t.TempDir()}} {
		_, err := startAdapter(t, args...)
		if !errors.Is(err, subprocess.ErrStart) || !strings.Contains(err.Error(), "proxy") {
			t.Errorf("adapter %v: %v, want ErrStart naming the proxy folder", args, err)
		}
	}
}
