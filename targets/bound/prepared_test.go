package bound

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/vecfile"
)

// checkCase is one chain and the calls checked against it.
type checkCase struct {
	name  string
	p     *Provenance
	calls []Call
	canon Canon
	large bool // a chain at the limits: checked under its own Canon only
}

// vectorCases are the chains of the check vectors, each with the calls of
// every check vector (the call of its own and of every other), under the
// vector's Canon and under one that folds.
func vectorCases(t *testing.T) []checkCase {
	t.Helper()
	vectors, err := vecfile.ReadDir("testdata/vectors", readVector)
	if err != nil {
		t.Fatal(err)
	}
	var chains []checkCase
	var calls []Call
	for _, v := range vectors {
		if v.kind != "check" {
			continue
		}
		doc, c, err := vectorPayload(v.payload)
		if err != nil {
			t.Fatal(err)
		}
		cv, _ := doc.Get("call")
		call, err := CallFromValue(cv)
		if err != nil {
			t.Fatal(err)
		}
		calls = append(calls, call)
		pv, _ := doc.Get("provenance")
		if p, err := ProvenanceFromValue(pv); err == nil {
			chains = append(chains, checkCase{name: v.file, p: p, canon: c})
		}
	}
	var out []checkCase
	for _, c := range chains {
		c.calls = calls
		out = append(out, c)
		c.canon.Fold = true
		c.name += ", folded"
		out = append(out, c)
	}
	return out
}

// costCases are chainShapes: chains at the limits, long and wide.
func costCases(t *testing.T) []checkCase {
	t.Helper()
	var out []checkCase
	for _, s := range chainShapes() {
		p, err := Parse([]byte(s.chain))
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		out = append(out, checkCase{name: s.name, p: p, calls: []Call{call(t, s.call)}, canon: s.canon, large: true})
	}
	return out
}

// A prepared check decides every call as Check does, with the same
// reason: for the chains and calls of the check vectors (every call
// against every chain, each chain prepared for each tool (three times) and each
// preparation checking every call twice over, so that nothing one check leaves
// changes the next), for the chains at the limits of the cost test, and
// for the degenerate chains (none, an unknown version, no hop, an empty
// bound, a hop without the tool). A Canon other than the one prepared
// for (folding, or another mode for an argument the rules constrain) and
// a call of another tool are decided as Check decides them too.
func TestPreparedChecksAsCheck(t *testing.T) {
	cases := append(vectorCases(t), costCases(t)...)
	if testing.Short() {
		cases = vectorCases(t)
	}
	degenerate := []string{
		`{"v":2,"chain":[{"component":"h","bound":[{"tool":"t"}]}]}`,
		`{"v":1,"chain":[]}`,
		`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t"}]},{"component":"e","bound":[]}]}`,
		`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"eq":"x"}}}]},{"component":"u","bound":[{"tool":"u"}]}]}`,
	}
	calls := []Call{call(t, `{"name":"t","arguments":{"a":"x"}}`), call(t, `{"name":"t","arguments":{"a":"y"}}`), call(t, `{"name":"t","arguments":{}}`)}
	cases = append(cases, checkCase{name: "no chain", calls: calls})
	for _, raw := range degenerate {
		p, err := ParseValue([]byte(raw))
		if err != nil {
			t.Fatal(err)
		}
		prov := &Provenance{}
		if v, ok := p.Get("v"); ok {
			prov.V = int(v.Number[0] - '0')
		}
		chain, _ := p.Get("chain")
		for _, h := range chain.Array {
			hop, err := Parse([]byte(`{"v":1,"chain":[` + string(mustJSON(t, h)) + `]}`))
			if err != nil {
				prov.Chain = append(prov.Chain, Hop{Component: "e"})
				continue
			}
			prov.Chain = append(prov.Chain, hop.Chain...)
		}
		cases = append(cases, checkCase{name: raw, p: prov, calls: calls})
	}
	// A chain whose decisions turn on the Canon (a folded prefix; a value
	// that only the hierarchical reading normalizes into the prefix) and
	// on the order of a rule's arguments (the first absent one, by name,
	// is the reason).
	sensitive, err := Parse([]byte(`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"prefix":"/Srv/a"}}},` +
		`{"tool":"t","args":{"e":{"eq":4},"a":{"prefix":"/Srv/a"},"d":{"eq":3},"b":{"eq":1},"c":{"eq":2}}}]}]}`))
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, checkCase{name: "sensitive", p: sensitive, calls: []Call{
		call(t, `{"name":"t","arguments":{"a":"/srv/a/x"}}`), call(t, `{"name":"t","arguments":{"a":"/Srv/./a/x"}}`),
		call(t, `{"name":"t","arguments":{"a":"/Srv/a/x"}}`), call(t, `{"name":"t","arguments":{}}`),
		call(t, `{"name":"t","arguments":{"a":"/Srv/b","b":1,"c":2,"d":3,"e":4}}`),
	}})
	checked, admitted := 0, 0
	for _, c := range cases {
		tools := map[string]bool{}
		for _, call := range c.calls {
			tools[call.Name] = true
		}
		preparations := 3 // a rule's arguments are prepared in the order a map gives: sorted, or not, by chance
		if c.large {
			preparations = 1
		}
		for tool := range tools {
			var pc *Prepared
			for round := range 2 * preparations {
				if round%2 == 0 {
					pc = Prepare(c.p, tool, c.canon)
				}
				for _, call := range c.calls {
					want := Check(c.p, call, c.canon)
					if got := pc.Check(call, c.canon); got != want {
						t.Errorf("%s, tool %s, round %d: %+v prepared: %+v, Check: %+v", c.name, tool, round, call, got, want)
					}
					checked++
					if want.Admit {
						admitted++
					}
				}
			}
			if c.large {
				continue
			}
			// Under another Canon, the prepared check is Check's.
			other := Canon{Fold: !c.canon.Fold}
			hier := Canon{Fold: c.canon.Fold, Schemas: Schemas{tool: {}}}
			for n := range pc.Arguments() {
				hier.Schemas[tool][n] = ModeHierarchical
			}
			for _, canon := range []Canon{other, hier} {
				for _, call := range c.calls[:min(len(c.calls), 8)] {
					if got, want := pc.Check(call, canon), Check(c.p, call, canon); got != want {
						t.Errorf("%s, tool %s, another Canon %+v: %+v prepared: %+v, Check: %+v", c.name, tool, canon, call, got, want)
					}
				}
			}
		}
	}
	if admitted == 0 || admitted == checked {
		t.Errorf("%d of %d checks admitted: the test needs both", admitted, checked)
	}
	t.Logf("%d checks, %d admitted", checked, admitted)
}

func mustJSON(t *testing.T, v Value) []byte {
	t.Helper()
	b, err := v.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
