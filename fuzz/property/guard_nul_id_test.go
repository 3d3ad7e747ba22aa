package property

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// Red-team pass 3 (docs/GUARD.md): the guard properties find a request
// whose id holds a NUL, which a server reading C strings (msgreader's
// C-string reader) answers by another id. The guard refuses it, so
// GuardDecisionReadsInside and DecideMatchesReference hold on it; a guard
// that relays it (as the guard did before the pass) breaks the first as
// relay:unreadable.
func TestGuardPropertiesFindAnIDHoldingANUL(t *testing.T) {
	msg := []byte(`{"jsonrpc":"2.0","id":"a\u0000b","method":"ping"}`)
	if v := GuardDecisionReadsInside(guard.Decide, msg); v != nil {
		t.Errorf("guard.Decide: %v", v)
	}
	relays := func(raw []byte, cfg guard.Config) guard.Decision {
		return guard.Decision{Action: guard.Relay, Message: raw, Method: "ping"}
	}
	if v := GuardDecisionReadsInside(relays, msg); v == nil || v.Class != "relay:unreadable" {
		t.Errorf("a guard relaying a request of id \"a\\u0000b\": %v, want relay:unreadable", v)
	}
}
