package guard

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/alloctest"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

func zeros(n int) string { return "[" + strings.TrimSuffix(strings.Repeat("0,", n), ",") + "]" }

func members(n int) string { return membersNamed(n, "k") }

// membersNamed is an object of n members named prefix followed by a
// number, each 0.
func membersNamed(n int, prefix string) string {
	var b strings.Builder
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"%s%d":0`, prefix, i)
	}
	b.WriteByte('}')
	return b.String()
}

func chainOf(hops int, constraint func(i int) string) string {
	h := make([]string, hops)
	for i := range h {
		h[i] = fmt.Sprintf(`{"component":"h%d","bound":[{"tool":"read_file","args":{"path":%s}}]}`, i, constraint(i))
	}
	return `{"v":1,"chain":[` + strings.Join(h, ",") + `]}`
}

func inList(n int) func(int) string {
	return func(int) string {
		return `{"in":[` + strings.TrimSuffix(strings.Repeat(`"/srv/acme/a",`, n), ",") + `]}`
	}
}

func callWith(args, meta string) string {
	m := ""
	if meta != "" {
		m = `,"_meta":{"io.noescalation/provenance":` + meta + `}`
	}
	return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":` + args + m + `}}`
}

// hostileMessages are the shapes of issue 9's denial of service (an
// admitted message of twenty megabytes: ten million zeros, 1.4 million
// members), a tenth of the size (what is measured is the multiple, and the
// cost of each shape is linear), and the rest of the class: every place in
// a message where a large value can stand, every refusal and every action,
// and chains at and past the limits of targets/bound.
func hostileMessages() map[string]string {
	return map[string]string{
		"a million zeros (a batch)":         zeros(1_000_000),
		"140,000 members (a response)":      members(140_000),
		"140,000 members as params":         `{"jsonrpc":"2.0","method":"notifications/x","params":` + members(140_000) + `}`,
		"a 2 MB method":                     `{"jsonrpc":"2.0","id":1,"method":"` + strings.Repeat("m", 2<<20) + `"}`,
		"a 2 MB id":                         `{"jsonrpc":"2.0","id":"` + strings.Repeat("i", 2<<20) + `","result":{}}`,
		"a notification of line separators": `{"jsonrpc":"2.0","method":"x","params":["` + strings.Repeat("\u2028", 2<<20) + `"]}`,
		"a response of CRs":                 `{"jsonrpc":"2.0","id":1,"result":[` + strings.Repeat("\r0,", 2<<20) + `0]}`,
		"unconstrained argument of zeros":   callWith(`{"path":"/srv/acme/a","data":`+zeros(500_000)+`}`, ""),
		"constrained argument of zeros":     callWith(`{"path":`+zeros(500_000)+`}`, ""),
		"constrained argument of members":   callWith(`{"path":`+members(70_000)+`}`, ""),
		"arguments of 140,000 members":      callWith(members(140_000), ""),
		// names not in NFC, each normalized to be compared (red-team
		// pass 3): beside a constrained path, and at the top level
		"arguments of 140,000 NFD names":     callWith(membersNamed(140_000, "pa\u0301th"), ""),
		"140,000 NFD names at the top level": `{"jsonrpc":"2.0","id":1,"method":"x",` + membersNamed(140_000, "me\u0301thod")[1:],
		"a constrained 2 MB string":          callWith(`{"path":"/srv/acme/`+strings.Repeat("a/", 1<<20)+`"}`, ""),
		"a chain of zeros":                   callWith(`{"path":"/srv/acme/a"}`, zeros(500_000)),
		"a chain of 10,000 hops":             callWith(`{"path":"/srv/acme/a"}`, chainOf(10_000, func(int) string { return `{"prefix":"/srv/"}` })),
		"a violation with large arguments":   callWith(`{"path":"/etc/passwd","data":`+zeros(500_000)+`}`, ""),
		// refused by admission, answered by id (refusedEnvelope reads the
		// top level: a name admitted one by one, encoding/json.Valid)
		"refused: 140,000 top-level members":        `{"jsonrpc":"2.0","id":1,` + members(140_000)[1:len(members(140_000))-1] + `,"k0":1}`,
		"refused: a duplicate past 2 MB of escapes": `{"jsonrpc":"2.0","id":1,"method":"x","params":{"a":"` + strings.Repeat(`\u0041`, 350_000) + `","a":0}}`,
		"refused: 9,000 deep":                       `{"jsonrpc":"2.0","id":1,"method":"x","params":` + strings.Repeat("[", 9000) + strings.Repeat("]", 9000) + `}`,
	}
}

// No hostile message costs Decide more than six times its size in bytes
// allocated, admission included, nor more than four times beyond what one
// admit.Scan of it allocates. Admission itself is bounded by targets/admit's
// TestScanCostsASmallMultipleOfTheInput (at most 4.5x, 2.1x on these
// messages of 140,000 members); the most here is 5.8x, an enforced refusal
// of arguments of 140,000 members: one admission (2.1x), and about a copy
// of the message each for the violation, the error response and the
// rewritten call, and the argument names decoded (issue 9).
//
// The race build measures the same (5.46x, 3.38x beyond admission). It
// measured 6.52x at d5ba24d, when each argument name was unquoted into a
// string of its own: under -race the runtime's tiny allocator is off, and
// each of those strings took a 16-byte block (internal/alloctest).
func TestDecideCostsASmallMultipleOfTheMessage(t *testing.T) {
	enforce := vectorConfig(t, Originate, Enforce)
	audit := vectorConfig(t, Originate, Audit)
	for name, msg := range hostileMessages() {
		raw := []byte(msg)
		for _, cfg := range []Config{enforce, audit} {
			var d Decision
			cost := alloctest.Bytes(func() { d = Decide(raw, cfg) })
			if limit := 6 * uint64(len(raw)); cost > limit {
				t.Errorf("%s (%v): %v allocated %d bytes for %d (%.1fx), want at most 6x",
					name, cfg.Mode, d.Action, cost, len(raw), float64(cost)/float64(len(raw)))
			}
			scan := alloctest.Bytes(func() { _ = admit.Scan(raw, admit.Options{}) })
			beyond := cost - min(cost, scan)
			if limit := 4 * uint64(len(raw)); beyond > limit {
				t.Errorf("%s (%v): %v allocated %d bytes beyond admission's for %d (%.1fx), want at most 4x",
					name, cfg.Mode, d.Action, beyond, len(raw), float64(beyond)/float64(len(raw)))
			}
			if lineEndAt(d.Message) >= 0 {
				t.Errorf("%s: sent a line end", name)
			}
		}
	}
}

// A chain within the limits is met and checked (sections 3.3, 4.2) in a
// cost linear in the chain: twice the hops, or twice the members of each
// hop's in list, cost at most about twice as much. The constant is not
// small (each value of a chain becomes a node of a tree, canonicalized
// under two readings and met hop by hop, about 100 bytes allocated for
// each byte of a chain of short in members, and a compiled glob's tables
// for each glob), but it is a constant: MaxHops and MaxValues bound it.
func TestDecideChecksAChainInLinearCost(t *testing.T) {
	cfg := vectorConfig(t, Originate, Audit)
	glob := func(i int) string { return fmt.Sprintf(`{"glob":"/srv/**/a%d*"}`, i) }
	for _, c := range []struct {
		name       string
		half, full string
	}{
		{"hops of in lists", chainOf(32, inList(500)), chainOf(64, inList(500))},
		{"in members", chainOf(32, inList(500)), chainOf(32, inList(1000))},
		{"hops of globs", chainOf(32, glob), chainOf(64, glob)},
	} {
		half, full := []byte(callWith(`{"path":"/srv/acme/a"}`, c.half)), []byte(callWith(`{"path":"/srv/acme/a"}`, c.full))
		var dh, df Decision
		ch := alloctest.Bytes(func() { dh = Decide(half, cfg) })
		cf := alloctest.Bytes(func() { df = Decide(full, cfg) })
		if dh.Action != Forward || df.Action != Forward {
			t.Fatalf("%s: %v %v, want forwards", c.name, dh.Action, df.Action)
		}
		if ratio := float64(cf) / float64(ch); ratio > 2.5 {
			t.Errorf("%s: %d bytes allocated for %d, then %d for %d: %.2f times as much for twice the chain", c.name, ch, len(half), cf, len(full), ratio)
		}
		if limit := 128 * uint64(len(full)); cf > limit {
			t.Errorf("%s: %d bytes allocated for %d, more than 128 times", c.name, cf, len(full))
		}
		t.Logf("%s: %d bytes for %d (%.1fx), %d for %d (%.1fx)", c.name, ch, len(half), float64(ch)/float64(len(half)), cf, len(full), float64(cf)/float64(len(full)))
	}
	// Past a limit the chain is refused once its tree is built: the same
	// constant, never more.
	for name, chain := range map[string]string{
		"past MaxHops":      chainOf(65, func(int) string { return `{"prefix":"/srv/"}` }),
		"past MaxInMembers": chainOf(1, inList(4097)),
	} {
		raw := []byte(callWith(`{"path":"/srv/acme/a"}`, chain))
		var d Decision
		cost := alloctest.Bytes(func() { d = Decide(raw, cfg) })
		if d.Action != Answer || !errors.Is(d.Refusal, ErrMalformedProvenance) || !errors.Is(d.Refusal, bound.ErrTooLarge) {
			t.Errorf("%s: %v %v, want a malformed-provenance answer for its size", name, d.Action, d.Refusal)
		}
		if limit := 128 * uint64(len(raw)); cost > limit {
			t.Errorf("%s: %d bytes allocated for %d, more than 128 times", name, cost, len(raw))
		}
	}
}

// TestDecideOfASmallCallCostsLittle bounds what Decide allocates for a
// small call (BenchmarkDecide's messages), warm, in bytes a call, and what
// a session's decision of it allocates once its chain is kept
// (chainCache). Decide: no more than before the chain-check rewrite of
// issue 20 (3e4e5e1: 3450 bytes a forward, 4740 the answer), which made
// every check allocate its tables (547c781: 5.4 KiB a forward, 6.5 KiB the
// answer to a call outside the bound); a check of a small call now makes
// none, and the forwarded call is written into one buffer of its size
// (f461766: 2795 to 2971 bytes a forward, 4076 the answer; 7fbd975: 2387
// to 2563, and 3668). A session's decision does not write the chain again:
// 7fbd975 measured 2083 to 2259 bytes a forward, 3363 the answer. Since
// (issue 20, the cold call's second pass) an admitted check writes no
// reason, a constrained string argument is read without jsontext's
// decoder, and a session checks with the chain's prepared check: Decide
// 2002 to 2147 bytes a forward, 3251 the answer; a session's decision
// 1394 to 1667, and 2771.
func TestDecideOfASmallCallCostsLittle(t *testing.T) {
	if alloctest.Race {
		t.Skip(alloctest.RaceSkip) // admission's scanner is pooled
	}
	for _, c := range []struct {
		name                  string
		msg                   []byte
		mode                  Mode
		decideMax, sessionMax uint64
	}{
		{"inside, enforce", benchCall(0), Enforce, 2100, 500},
		{"inside, audit", benchCall(0), Audit, 2100, 500},
		{"outside, audit", benchOutside(0), Audit, 2250, 800},
		{"outside, enforce (answered)", benchOutside(0), Enforce, 3350, 1900},
	} {
		cfg := vectorConfig(t, Originate, c.mode)
		cost := alloctest.PerCall(1000, func() { Decide(c.msg, cfg) })
		if cost > c.decideMax {
			t.Errorf("%s: Decide allocates %d bytes a call, want at most %d", c.name, cost, c.decideMax)
		}
		chains := newChainCache(cfg)
		session := alloctest.PerCall(1000, func() { decide(c.msg, cfg, chains) })
		if session > c.sessionMax {
			t.Errorf("%s: a session's decision allocates %d bytes a call, want at most %d", c.name, session, c.sessionMax)
		}
		t.Logf("%s: %d bytes a call, %d in a session", c.name, cost, session)
	}
}
