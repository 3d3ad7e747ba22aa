package guard

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// Found by FuzzDecideMatchesReference after red-team pass 4 (docs/GUARD.md,
// "Fuzz campaign after red-team pass 4"): an inbound chain whose rule
// constrains "pAth", beside this guard's rule on "path". Decide skipped
// an argument written exactly as a constrained name before folding it, so
// {"path":"/srv/acme/x/a","pAth":"/etc/passwd"} met both hops as written
// and was forwarded, while a server matching names without case (Go's
// encoding/json) reads one argument, the last: path "/etc/passwd". The
// twin refused it as an alias (-32602); now Decide does too, and the call
// with "path" alone is refused as the twin refuses it.
func TestDecideRefusesAConstrainedNameThatFoldsLikeAnother(t *testing.T) {
	policy, err := bound.ParseBound([]byte(`[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]`))
	if err != nil {
		t.Fatal(err)
	}
	chain := `{"v":1,"chain":[{"component":"host","bound":[{"tool":"read_file","args":{"pAth":{"prefix":"/etc/"}}}]}]}`
	for _, args := range []string{
		`{"path":"/srv/acme/x/a","pAth":"/etc/passwd"}`,
		`{"pAth":"/etc/passwd","path":"/srv/acme/x/a"}`,
		`{"path":"/srv/acme/x/a"}`,
		`{"pAth":"/etc/passwd"}`,
	} {
		msg := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":` + args +
			`,"_meta":{"` + ProvenanceKey + `":` + chain + `}}}`)
		for _, mode := range []Mode{Enforce, Audit} {
			cfg := Config{Component: "guard", Policy: policy, Absent: Originate, Mode: mode}
			for _, twin := range decideTwins {
				d := twin.decide(msg, cfg)
				if d.Action != Answer || d.Refusal == nil || d.Refusal.Class != ErrInvalidParams || d.Refusal.Code != CodeInvalidParams {
					t.Errorf("%s, %v, %s: %v (%v), want refused -32602 as an alias", args, mode, twin.name, d.Action, d.Refusal)
				}
			}
		}
	}
}
