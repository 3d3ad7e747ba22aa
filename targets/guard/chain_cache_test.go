package guard

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/vecfile"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// cachedChain is a call of read_file carrying a chain of one hop that
// confers the prefix /srv/: inside it, so forwarded with two hops.
const cachedChain = `{"v":1,"chain":[{"component":"host","bound":[{"tool":"read_file","args":{"path":{"prefix":"/srv/"}}}]}]}`

func callCarrying(chain string) []byte {
	return []byte(callWith(`{"path":"/srv/acme/README"}`, chain))
}

// sameDecision reports how a session's decision differs from Decide's:
// every field the proxy reads, byte for byte.
func sameDecision(got, want Decision) error {
	switch {
	case got.Action != want.Action:
		return fmt.Errorf("action %v, Decide's %v", got.Action, want.Action)
	case !bytes.Equal(got.Message, want.Message):
		return fmt.Errorf("message %s, Decide's %s", got.Message, want.Message)
	case got.Method != want.Method || !bytes.Equal(got.ID, want.ID) || !bytes.Equal(got.Arguments, want.Arguments):
		return fmt.Errorf("method, id or arguments %q %s %s, Decide's %q %s %s", got.Method, got.ID, got.Arguments, want.Method, want.ID, want.Arguments)
	case !reflect.DeepEqual(got.Call, want.Call):
		return fmt.Errorf("call %+v, Decide's %+v", got.Call, want.Call)
	case (got.Refusal == nil) != (want.Refusal == nil):
		return fmt.Errorf("refusal %v, Decide's %v", got.Refusal, want.Refusal)
	case got.Refusal != nil && (got.Refusal.Class != want.Refusal.Class || got.Refusal.Code != want.Refusal.Code || got.Refusal.Reason != want.Refusal.Reason):
		return fmt.Errorf("refusal %v %d %q, Decide's %v %d %q", got.Refusal.Class, got.Refusal.Code, got.Refusal.Reason,
			want.Refusal.Class, want.Refusal.Code, want.Refusal.Reason)
	}
	return nil
}

// oneByteChanged is msg with each byte of its provenance value replaced,
// in turn, by each of a few others, where the result is still admitted:
// chains that differ from msg's in one byte, whether or not they read as
// another chain.
func oneByteChanged(t *testing.T, msg []byte) [][]byte {
	t.Helper()
	start := bytes.Index(msg, []byte(`{"v":`))
	end := bytes.LastIndex(msg, []byte(`]}`)) + 2
	if start < 0 || end < start {
		t.Fatalf("no provenance in %s", msg)
	}
	var out [][]byte
	for i := start; i < end; i++ {
		for _, c := range []byte("0123 /tvx\"{}[],:") {
			if msg[i] == c {
				continue
			}
			m := bytes.Clone(msg)
			m[i] = c
			if admit.Scan(m, admit.Options{}) == nil {
				out = append(out, m)
			}
		}
	}
	return out
}

// TestChainCacheNeverServesAChangedChain decides, through one session's
// cache, a call with a chain and then the same call with each chain one
// byte away from it (after the first chain again, so that the cache holds
// it): each decision must be Decide's of the same message, which decodes
// every chain anew. A cache found by anything less than the whole bytes
// (their length, a hash, a prefix) forwards a changed chain as the first.
func TestChainCacheNeverServesAChangedChain(t *testing.T) {
	for _, mode := range []Mode{Enforce, Audit} {
		cfg := vectorConfig(t, Reject, mode)
		chains := newChainCache(cfg)
		base := callCarrying(cachedChain)
		variants := oneByteChanged(t, base)
		if len(variants) < 100 {
			t.Fatalf("only %d admitted variants of the chain", len(variants))
		}
		forwarded := 0
		for _, v := range variants {
			if err := sameDecision(decide(base, cfg, chains), Decide(base, cfg)); err != nil {
				t.Fatalf("%v: the first chain: %v", mode, err)
			}
			got, want := decide(v, cfg, chains), Decide(v, cfg)
			if err := sameDecision(got, want); err != nil {
				t.Errorf("%v: %s: %v", mode, v, err)
			}
			if want.Action == Forward && want.Refusal == nil {
				forwarded++
			}
		}
		// Some variants read as other chains that still admit the call, and
		// most do not: both kinds were decided.
		if forwarded == 0 || forwarded == len(variants) {
			t.Errorf("%v: %d of %d variants forwarded within the bound; the test needs both kinds", mode, forwarded, len(variants))
		}
	}
}

// TestSessionDecidesAsDecide decides every guard vector and every hostile
// message, three times over in one session (so that their chains are
// decoded once, found again, and evicted by the others), and holds each
// decision to Decide's; afterwards every chain the cache kept is what its
// bytes decode to, and every chain it wrote is what targets/bound writes:
// no decision modified what the next one reads.
func TestSessionDecidesAsDecide(t *testing.T) {
	vectors, err := vecfile.ReadDir("testdata/vectors", readGuardVector)
	if err != nil {
		t.Fatal(err)
	}
	var msgs [][]byte
	for _, v := range vectors {
		msgs = append(msgs, v.payload)
	}
	for name, m := range hostileMessages() {
		if len(m) < 1<<16 || strings.Contains(name, "hops") {
			msgs = append(msgs, []byte(m))
		}
	}
	for i := range 12 {
		msgs = append(msgs, callCarrying(strings.Replace(cachedChain, "host", fmt.Sprintf("host%d", i), 1)), callCarrying(""))
	}
	for _, absent := range []Disposition{Originate, Reject} {
		for _, mode := range []Mode{Enforce, Audit} {
			cfg := vectorConfig(t, absent, mode)
			chains := newChainCache(cfg)
			for round := range 3 {
				for i := range msgs {
					m := msgs[i]
					if round == 1 {
						m = msgs[len(msgs)-1-i]
					}
					if err := sameDecision(decide(m, cfg, chains), Decide(m, cfg)); err != nil {
						t.Errorf("%v, %v, round %d: %.200s: %v", absent, mode, round, m, err)
					}
				}
			}
			checkCacheUnchanged(t, chains, cfg)
		}
	}
}

// checkCacheUnchanged holds every entry of chains to what its bytes
// decode to and every extension to what targets/bound writes for it.
func checkCacheUnchanged(t *testing.T, chains *chainCache, cfg Config) {
	t.Helper()
	if len(chains.entries) == 0 || chains.originated == nil {
		t.Fatalf("the cache kept %d chains and the originated one: %v", len(chains.entries), chains.originated != nil)
	}
	exts := []*extension{chains.originated}
	for _, e := range chains.entries {
		p, err := bound.Parse(e.provenance)
		if err != nil || !reflect.DeepEqual(p, e.inbound) {
			t.Errorf("kept chain %+v, its bytes %s read %+v (%v)", e.inbound, e.provenance, p, err)
		}
		if e.extended != nil {
			exts = append(exts, e.extended)
			if want := e.inbound.Extend(cfg.Component, cfg.Policy); !reflect.DeepEqual(e.extended.chain, want) {
				t.Errorf("kept extension %+v, want %+v", e.extended.chain, want)
			}
		}
	}
	for _, x := range exts {
		if b, _ := x.chain.MarshalJSON(); !bytes.Equal(reframe(b), x.written) {
			t.Errorf("kept written chain %s, targets/bound writes %s", x.written, b)
		}
	}
}

// TestChainCacheIsBounded: at most maxCachedChains chains are kept, the
// least recently used goes first, a chain found again is the most
// recent, and a chain over maxCachedProvenance bytes is never kept.
func TestChainCacheIsBounded(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	chains := newChainCache(cfg)
	chainOfHost := func(i int) string { return strings.Replace(cachedChain, "host", fmt.Sprintf("host%d", i), 1) }
	for i := range 3 * maxCachedChains {
		if d := decide(callCarrying(chainOfHost(i)), cfg, chains); d.Action != Forward {
			t.Fatalf("chain %d: %v (%v)", i, d.Action, d.Refusal)
		}
		if want := min(i+1, maxCachedChains); len(chains.entries) != want {
			t.Fatalf("after %d chains %d kept, want %d", i+1, len(chains.entries), want)
		}
	}
	last := 3*maxCachedChains - 1
	oldest := last - maxCachedChains + 1
	decide(callCarrying(chainOfHost(oldest)), cfg, chains)
	if got := string(chains.entries[0].provenance); got != chainOfHost(oldest) {
		t.Errorf("the chain found again is not the most recent: %s", got)
	}
	decide(callCarrying(chainOfHost(0)), cfg, chains)
	for _, e := range chains.entries {
		if string(e.provenance) == chainOfHost(oldest+1) {
			t.Errorf("the least recently used chain was kept: %s", e.provenance)
		}
	}
	long := `{"v":1,"chain":[{"component":"` + strings.Repeat("h", maxCachedProvenance) + `","bound":[{"tool":"read_file","args":{"path":{"prefix":"/srv/"}}}]}]}`
	if d := decide(callCarrying(long), cfg, chains); d.Action != Forward {
		t.Fatalf("the long chain: %v (%v)", d.Action, d.Refusal)
	}
	for _, e := range chains.entries {
		if len(e.provenance) > maxCachedProvenance {
			t.Errorf("a chain of %d bytes was kept", len(e.provenance))
		}
	}
}

// TestChainCacheServesOnlyItsSession: a configuration with another
// component or another policy than the cache was made for extends the
// chain itself.
func TestChainCacheServesOnlyItsSession(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	chains := newChainCache(cfg)
	msg := callCarrying(cachedChain)
	decide(msg, cfg, chains)
	decide(callCarrying(""), cfg, chains)
	other := cfg
	other.Component = "other"
	if err := sameDecision(decide(msg, other, chains), Decide(msg, other)); err != nil {
		t.Errorf("another component: %v", err)
	}
	wider, err := bound.ParseBound([]byte(`[{"tool":"read_file"}]`))
	if err != nil {
		t.Fatal(err)
	}
	other = cfg
	other.Policy = wider
	if err := sameDecision(decide(callCarrying(""), other, chains), Decide(callCarrying(""), other)); err != nil {
		t.Errorf("another policy: %v", err)
	}
}

// TestChainCachePreparesChecks: a kept chain keeps the prepared checks of
// the last maxPreparedTools tools called with it, re-made when the Canon
// changes (a session learns schemas): the kept check serves the Canon of
// the last call, and every decision is Decide's. A chain of more than
// maxPreparedProvenance bytes keeps none.
func TestChainCachePreparesChecks(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	chains := newChainCache(cfg)
	hier := cfg
	hier.Canon.Schemas = bound.Schemas{"read_file": {"path": bound.ModeHierarchical}}
	// Under the dual reading "/srv/./acme/x" is outside the prefix
	// /srv/acme/, under the hierarchical one inside it.
	msg := []byte(callWith(`{"path":"/srv/./acme/x"}`, ""))
	outcomes := map[bool]bool{}
	for _, c := range []Config{cfg, hier, cfg, hier} {
		got, want := decide(msg, c, chains), Decide(msg, c)
		if err := sameDecision(got, want); err != nil {
			t.Fatalf("%+v: %v", c.Canon, err)
		}
		outcomes[want.Refusal == nil] = true
		x := chains.originated
		if x == nil || x.checks == nil || len(x.checks.list) != 1 || !x.checks.list[0].Serves("read_file", c.Canon) {
			t.Fatalf("after a call under %+v the originated chain keeps %+v", c.Canon, x)
		}
	}
	if len(outcomes) != 2 {
		t.Fatalf("the Canon did not change the decision: %v", outcomes)
	}
	tools := []string{"a", "b", "c", "d", "e", "f", "read_file"}
	for _, tool := range tools {
		m := []byte(strings.Replace(string(msg), `"read_file"`, `"`+tool+`"`, 1))
		if err := sameDecision(decide(m, cfg, chains), Decide(m, cfg)); err != nil {
			t.Fatalf("%s: %v", tool, err)
		}
	}
	list := chains.originated.checks.list
	if len(list) != maxPreparedTools {
		t.Fatalf("%d checks kept, want %d", len(list), maxPreparedTools)
	}
	for i, pc := range list {
		if want := tools[len(tools)-1-i]; pc.Tool() != want {
			t.Errorf("check %d is %s's, want %s's (most recent first)", i, pc.Tool(), want)
		}
	}
	long := `{"v":1,"chain":[{"component":"` + strings.Repeat("h", maxPreparedProvenance) + `","bound":[{"tool":"read_file","args":{"path":{"prefix":"/srv/"}}}]}]}`
	if err := sameDecision(decide(callCarrying(long), cfg, chains), Decide(callCarrying(long), cfg)); err != nil {
		t.Fatal(err)
	}
	if e := chains.entries[0]; e.extended == nil || e.extended.checks != nil {
		t.Errorf("a chain of %d bytes keeps prepared checks", len(e.provenance))
	}
	short := callCarrying(cachedChain)
	decide(short, cfg, chains)
	if e := chains.entries[0]; e.extended == nil || e.extended.checks == nil || len(e.extended.checks.list) != 1 {
		t.Errorf("a chain of %d bytes keeps no prepared check", len(e.provenance))
	}
}

// A session reuses its call from one decision to the next (chainCache's
// call: the Arguments map cleared, the tool's name and the arguments'
// names kept): each decision of a sequence that changes the tool, the
// arguments and the way a name is written is Decide's, field for field.
func TestSessionReusesItsCallAsDecide(t *testing.T) {
	call := func(name, args string) []byte {
		return []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":` + name + `,"arguments":` + args + `}}`)
	}
	seq := [][]byte{
		call(`"read_file"`, `{"path":"/srv/acme/README"}`),
		call(`"read_file"`, `{}`), // the path of the call before must be gone
		call(`"read_file"`, `{"path":"/etc/passwd"}`),
		call(`"create_issue"`, `{"repo":"acme/app","path":"/srv/acme/x"}`),
		call(`"read_file"`, `{"repo":"acme/app"}`),
		call(`"read_file"`, `{"pa\u0074h":"/srv/acme/y"}`),
		call(`"read\u005ffile"`, `{"path":"/srv/acme/z"}`),
		call(`"a\\u0041"`, `{}`), // the name a\u0041, written with an escape
		call(`"a\u0041"`, `{}`),  // aA: its body is the last name as written
		call(`"read_file"`, `{"path":"/srv/acme/README"}`),
		call(`"create_issue"`, `{"repo":"acme/docs"}`),
		call(`"create_issue"`, `{"repo":"acme/other"}`),
	}
	for _, mode := range []Mode{Enforce, Audit} {
		cfg := vectorConfig(t, Originate, mode)
		chains := newChainCache(cfg)
		for round := range 2 {
			for _, m := range seq {
				if err := sameDecision(decide(m, cfg, chains), Decide(m, cfg)); err != nil {
					t.Errorf("%v, round %d: %s: %v", mode, round, m, err)
				}
			}
		}
	}
}
