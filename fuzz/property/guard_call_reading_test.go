package property

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// TestReadCallIsTheMemberReading: readCall's one pass reads what the
// property read before it in four (json.Unmarshal of the message, of its
// params, of _meta and of the arguments into members, then each value's
// tokens counted apart), kept here as memberReading: the same provenance
// bytes, whether it is past the cap, and the same constrained values, on
// generated messages of every flaw, the cap messages, and hand-written
// edges (null or scalar _meta and arguments, something after the message,
// space around colons, a duplicate deep inside).
func TestReadCallIsTheMemberReading(t *testing.T) {
	var msgs [][]byte
	r := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		data := make([]byte, 1+r.IntN(32))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		msgs = append(msgs, gen.GenerateMessage(data).Text)
	}
	msgs = append(msgs, capMessages(8)...)
	const call = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file"`
	for _, tail := range []string{
		`,"arguments":{"path":[0,0]}}}`, `,"arguments":null}}`, `,"arguments":[1]}}`, `,"_meta":null,"arguments":{"path":[0]}}}`,
		`,"_meta":1}}`, `,"_meta":{}}}`, `,"_meta":{"io.noescalation/provenance":null}}}`,
		`,"_meta" : { "io.noescalation/provenance" :` + "\n\t " + gen.GuardChain + ` } ,"arguments" : {"path" : "/srv/acme/x/a"}}}`,
		`,"arguments":{"path":{"a":1,"a":2}}}}`, `,"arguments":{"path":1}}} 1`, `,"arguments":{"path":1}}}  `,
		`,"_meta":{"io.noescalation/provenance":{"v":1,"chain":[]},"io.noescalation/provenance":1}}}`,
	} {
		msgs = append(msgs, []byte(call+tail))
	}
	msgs = append(msgs, []byte(`null`), []byte(`[]`), []byte(`{"params":null}`), []byte(`{"params":{}}`), []byte(`{"params":{}`))
	var past, read int
	for _, raw := range msgs {
		got, want := readCall(raw), memberReading(raw)
		if !bytes.Equal(got.provenance, want.provenance) || got.provenancePastCap() != want.pastCap {
			t.Errorf("%.300q: provenance %.100q past the cap %v, want %.100q, %v", raw, got.provenance, got.provenancePastCap(), want.provenance, want.pastCap)
		}
		for _, absent := range []guard.Disposition{guard.Originate, guard.Reject} {
			cfg := GuardConfig()
			cfg.Absent = absent
			values, ok := got.constrainedValues(cfg)
			wantValues, wantOK := want.constrainedValues(cfg)
			if values != wantValues || ok != wantOK {
				t.Errorf("%.300q, %v: %d values, read %v; want %d, %v", raw, absent, values, ok, wantValues, wantOK)
			}
			read += btoi(ok)
		}
		past += btoi(want.pastCap)
	}
	if past == 0 || read == 0 {
		t.Fatalf("%d messages past the cap, %d readings of arguments: the corpus misses a case", past, read)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// memberReading is the reading readCall replaced: the message, its params,
// _meta and the arguments each unmarshaled into members by
// go-json-experiment/json, and each value's tokens counted apart.
type memberCall struct {
	ok                        bool
	jsonrpc, id, method, name jsontext.Value
	arguments, meta           jsontext.Value
	provenance                jsontext.Value
	metaOK, pastCap           bool
}

func memberReading(raw []byte) memberCall {
	var c struct {
		JSONRPC jsontext.Value `json:"jsonrpc"`
		ID      jsontext.Value `json:"id"`
		Method  jsontext.Value `json:"method"`
		Params  jsontext.Value `json:"params"`
	}
	var p struct {
		Name      jsontext.Value `json:"name"`
		Arguments jsontext.Value `json:"arguments"`
		Meta      jsontext.Value `json:"_meta"`
	}
	if json.Unmarshal(raw, &c) != nil || c.Params.Kind() != '{' || json.Unmarshal(c.Params, &p) != nil {
		return memberCall{}
	}
	m := memberCall{ok: true, jsonrpc: c.JSONRPC, id: c.ID, method: c.Method, name: p.Name, arguments: p.Arguments, meta: p.Meta, metaOK: true}
	if p.Meta != nil {
		var meta map[string]jsontext.Value
		if p.Meta.Kind() != '{' || json.Unmarshal(p.Meta, &meta) != nil {
			m.metaOK = false
		} else {
			m.provenance = meta[guard.ProvenanceKey]
		}
	}
	m.pastCap = m.provenance != nil && tokenValues(m.provenance) > gen.ValueCap
	return m
}

func (m memberCall) constrainedValues(cfg guard.Config) (values int, ok bool) {
	if !m.ok || jsonString(m.method) != guard.MethodCall || jsonString(m.jsonrpc) != "2.0" || !requestID(m.id) || m.name.Kind() != '"' ||
		strings.ContainsRune(jsonString(m.id), 0) { // refused for its id first (red-team pass 3)
		return 0, false
	}
	tool := jsonString(m.name)
	var args map[string]jsontext.Value
	if m.arguments != nil && (m.arguments.Kind() != '{' || json.Unmarshal(m.arguments, &args) != nil) {
		return 0, false
	}
	var inbound *bound.Provenance
	switch {
	case !m.metaOK:
		return 0, false
	case m.provenance == nil:
		if cfg.Absent != guard.Originate {
			return 0, false
		}
	default:
		v, err := bound.ParseValue(m.provenance)
		if err != nil {
			return 0, false
		}
		if inbound, err = bound.ProvenanceFromValue(v); err != nil || len(inbound.Chain) == 0 {
			return 0, false
		}
	}
	names := map[string]bool{}
	for _, h := range inbound.Extend(cfg.Component, cfg.Policy).Chain {
		for _, r := range h.Bound {
			if r.Tool == tool {
				for arg := range r.Args {
					names[arg] = true
				}
			}
		}
	}
	for arg, v := range args {
		if names[arg] {
			values += tokenValues(v)
		}
	}
	return values, true
}
