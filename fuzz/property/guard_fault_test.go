package property

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// TestDecideMatchesReferenceComparesFaults: a call whose name is missing
// or not a string, or whose arguments are not an object, is refused by
// guard.Decide for the bound.Fault its twin names (bound.CallFromValue's),
// and a decider that loses the fault fails with reference:fault.
func TestDecideMatchesReferenceComparesFaults(t *testing.T) {
	noFault := func(raw []byte, cfg guard.Config) guard.Decision {
		d := guard.Decide(raw, cfg)
		var me *bound.MalformedError
		if d.Refusal != nil && errors.As(d.Refusal.Cause, &me) {
			r, e := *d.Refusal, *me
			e.Fault = bound.FaultNone
			r.Cause = &e
			d.Refusal = &r
		}
		return d
	}
	for _, params := range []string{
		`{"arguments":{"path":"/srv/acme/x/a"}}`,
		`{"name":1,"arguments":{"path":"/srv/acme/x/a"}}`,
		`{"name":"read_file","arguments":[]}`,
	} {
		raw := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":` + params + `}`)
		if v := DecideMatchesReference(guard.Decide, raw); v != nil {
			t.Errorf("%s: guard.Decide: %v", params, v)
		}
		if v := DecideMatchesReference(noFault, raw); v == nil || v.Class != "reference:fault" {
			t.Errorf("%s: a decider without the fault: %v, want reference:fault", params, v)
		}
	}
}
