package gen

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestGenerateMessagePlantsEveryFlaw: over random inputs, every flaw of
// messageFlaws is drawn, and each one that breaks the single reading of a
// message (all but "escaped names", "jsonrpc version", "params not an
// object", the two past the value cap, "call of another shape", "empty
// chain" and none) yields, at least once, a
// text admission refuses; the plain and escaped messages, those of another
// JSON-RPC version, those whose params are not an object, the calls of
// another shape and those whose
// provenance or constrained argument is past ValueCap are admitted at
// least once. A flaw that is drawn but never planted fails
// here.
func TestGenerateMessagePlantsEveryFlaw(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 3246))
	refused, admitted := map[string]bool{}, map[string]bool{}
	for range 4000 {
		data := make([]byte, r.IntN(96))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		m := GenerateMessage(data)
		if admit.Scan(m.Text, admit.Options{}) != nil {
			refused[m.Flaw] = true
		} else {
			admitted[m.Flaw] = true
		}
	}
	for _, f := range messageFlaws {
		switch f {
		case "", "escaped names", "jsonrpc version", "params not an object", "provenance past cap", argumentsPastCap, "call of another shape", "empty chain":
			if !admitted[f] {
				t.Errorf("flaw %q: no message admitted", f)
			}
		default:
			if !refused[f] {
				t.Errorf("flaw %q: never planted in a way admission refuses", f)
			}
		}
	}
}

// TestGenerateMessageDrawsEveryOddID: over random inputs, GenerateMessage
// writes, at least once each, an admitted request of another method and
// an admitted response whose id is each of oddIDs (id null, which red-team
// pass 4 refuses in a request and relays in a response, among them), and
// GenerateCapMessage never does: its call must be read to reach its cap.
func TestGenerateMessageDrawsEveryOddID(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 3246))
	want := map[string]bool{}
	for _, id := range oddIDs {
		v, err := bound.ParseValue([]byte(id))
		if err != nil {
			t.Fatalf("odd id %s: %v", id, err)
		}
		b, _ := v.MarshalJSON()
		want[string(b)] = true
	}
	request, response := map[string]bool{}, map[string]bool{}
	capRead := 0
	for i := range 20000 {
		data := make([]byte, r.IntN(96))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		if i < 300 { // a cap message costs some 40 plain ones
			var members map[string]json.RawMessage
			if m := GenerateCapMessage(data); json.Unmarshal(m.Text, &members) == nil {
				if id := members["id"]; len(id) > 0 && strings.IndexAny(string(id[:1]), "-0123456789") < 0 {
					t.Fatalf("cap message with id %s: %.200s", id, m.Text)
				}
				capRead++
			}
		}
		m := GenerateMessage(data)
		v, err := bound.ParseValue(m.Text)
		if err != nil {
			continue
		}
		id, ok := v.Get("id")
		if !ok {
			continue
		}
		b, _ := id.MarshalJSON()
		if !want[string(b)] {
			continue
		}
		if method, ok := v.Get("method"); !ok {
			response[string(b)] = true
		} else if method.Kind == bound.KindString && method.Str != "tools/call" {
			request[string(b)] = true
		}
	}
	if capRead == 0 {
		t.Error("no cap message read")
	}
	for id := range want {
		if !request[id] {
			t.Errorf("no admitted request of another method with id %s", id)
		}
		if !response[id] {
			t.Errorf("no admitted response with id %s", id)
		}
	}
}
