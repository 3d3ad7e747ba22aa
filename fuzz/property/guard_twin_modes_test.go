package property

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// capMessages are n messages gen.GenerateCapMessage makes of seeded
// random data: provenance and arguments past the cap, names escaped or
// not, either tool, in or outside the bound.
func capMessages(n int) [][]byte {
	r := rand.New(rand.NewPCG(12, 6))
	var out [][]byte
	for range n {
		data := make([]byte, 1+r.IntN(16))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		out = append(out, gen.GenerateCapMessage(data).Text)
	}
	return out
}

// TestTwinTooLargeIsModeIndependent: the twin refuses every cap message as
// too large, and its audit-mode decision is its enforce-mode one, so
// DecideMatchesReference asks it once for such a message (twinTooLarge).
func TestTwinTooLargeIsModeIndependent(t *testing.T) {
	for i, raw := range capMessages(24) {
		cfg := GuardConfig()
		enforce := guard.DecideReference(raw, cfg)
		cfg.Mode = guard.Audit
		audit := guard.DecideReference(raw, cfg)
		if !twinTooLarge(enforce) || !twinTooLarge(audit) {
			t.Fatalf("message %d: the twin's refusals %v, %v, want both too large to decode", i, enforce.Refusal, audit.Refusal)
		}
		if enforce.Action != audit.Action || enforce.Refusal.Class != audit.Refusal.Class || enforce.Refusal.Code != audit.Refusal.Code ||
			enforce.Refusal.Reason != audit.Refusal.Reason || !bytes.Equal(enforce.ID, audit.ID) || enforce.Method != audit.Method ||
			!bytes.Equal(enforce.Message, audit.Message) || (enforce.Call == nil) != (audit.Call == nil) || !bytes.Equal(enforce.Arguments, audit.Arguments) {
			t.Errorf("message %d: the twin decides %+v in enforce mode, %+v in audit mode", i, enforce, audit)
		}
	}
}

// TestDecideMatchesReferenceAsksTheTwinInEachMode: below the cap the twin
// is asked in each mode. A call outside the bound is answered in enforce
// mode and forwarded with its refusal in audit mode: guard.Decide passes,
// which it would not if the property reused the enforce twin's decision
// for audit; and a decider that forwards it in enforce mode too fails.
// Past the cap, where the twin is asked once, the decider is still asked
// in both modes: one that drops the limit cause in audit mode only fails.
func TestDecideMatchesReferenceAsksTheTwinInEachMode(t *testing.T) {
	const outside = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`
	raw := []byte(outside)
	cfg := GuardConfig()
	if d := guard.Decide(raw, cfg); d.Action != guard.Answer {
		t.Fatalf("enforce: %v, want the call outside the bound answered", d.Action)
	}
	cfg.Mode = guard.Audit
	if d := guard.Decide(raw, cfg); d.Action != guard.Forward || d.Refusal == nil {
		t.Fatalf("audit: %v (%v), want it forwarded with its refusal", d.Action, d.Refusal)
	}
	if v := DecideMatchesReference(guard.Decide, raw); v != nil {
		t.Fatalf("guard.Decide: %v", v)
	}
	auditEverywhere := func(raw []byte, cfg guard.Config) guard.Decision {
		cfg.Mode = guard.Audit
		return guard.Decide(raw, cfg)
	}
	if v := DecideMatchesReference(auditEverywhere, raw); v == nil || v.Class != "reference:action" {
		t.Errorf("forwarded in enforce mode: %v, want a reference:action violation", v)
	}
	auditDropsCause := func(raw []byte, cfg guard.Config) guard.Decision {
		if cfg.Mode == guard.Audit {
			return withCause(nil)(raw, cfg)
		}
		return guard.Decide(raw, cfg)
	}
	for _, c := range []struct{ flaw, class string }{{"provenance past cap", "reference:limit"}, {"arguments past cap", "reference:argument-limit"}} {
		for _, m := range capMessagesWith(t, c.flaw) {
			v := DecideMatchesReference(auditDropsCause, m)
			if v == nil || v.Class != c.class {
				t.Errorf("%s, the cause dropped in audit mode: %v, want a %s violation", c.flaw, v, c.class)
			}
		}
	}
}

// capMessagesWith are the first two cap messages of capMessages with the
// flaw.
func capMessagesWith(t *testing.T, flaw string) [][]byte {
	t.Helper()
	var out [][]byte
	for _, raw := range capMessages(24) {
		if (flaw == "provenance past cap") == provenancePastCap(raw) && len(out) < 2 {
			out = append(out, raw)
		}
	}
	if len(out) < 2 {
		t.Fatalf("fewer than two cap messages with the flaw %q", flaw)
	}
	return out
}
