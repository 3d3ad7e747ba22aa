package property

import (
	"errors"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// idNullRequests are requests whose id is not a string or a number, each a
// non-call every reader reads alike: the guard refuses them -32600 by id
// null (red-team pass 4 for null; booleans, objects and arrays before).
var idNullRequests = []string{
	`{"jsonrpc":"2.0","id":null,"method":"ping"}`,
	`{"jsonrpc":"2.0","method":"tools/list","id":null}`,
	`{"jsonrpc":"2.0","\u0069d":null,"method":"ping","params":{"id":null}}`,
	`{"jsonrpc":"2.0","id":null,"method":"notifications/cancelled","params":{"requestId":1}}`,
	`{"jsonrpc":"2.0","id":[null],"method":"ping"}`,
	`{"jsonrpc":"2.0","id":true,"method":"ping"}`,
}

// After red-team pass 4, GuardDecisionReadsInside excuses the guard's
// answer to a request with id null (c75f79d). The excuse is for the
// answer that says why, an invalid request answered by id null; a guard
// that answers such a request for another reason, or addressed to an id
// (the answer of another request the client has in flight), answered a
// message it had no reason to refuse, and the property flags it as
// answer:relayable. With c75f79d's excuse, which took any answer, both
// planted guards pass.
func TestGuardDecisionReadsInsideExcusesOnlyTheIDRefusal(t *testing.T) {
	for _, msg := range idNullRequests {
		if v := GuardDecisionReadsInside(guard.Decide, []byte(msg)); v != nil {
			t.Errorf("guard.Decide: %s: %v", msg, v)
		}
	}
	// the same answer by an id: -32600, but to the request of id 1
	byAnID := func(raw []byte, cfg guard.Config) guard.Decision {
		d := guard.Decide(raw, cfg)
		if d.Action == guard.Answer && d.ID == nil {
			d.ID = []byte("1")
			d.Message = []byte(strings.Replace(string(d.Message), `"id":null`, `"id":1`, 1))
		}
		return d
	}
	// a refusal of another class: refused as outside the bound, -32001
	otherReason := func(raw []byte, cfg guard.Config) guard.Decision {
		d := guard.Decide(raw, cfg)
		if d.Action == guard.Answer {
			d.Refusal = &guard.Refusal{Class: guard.ErrOutsideBound, Code: guard.CodeOutsideBound, Reason: "planted"}
			d.Message = []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32001,"message":"planted"}}`)
		}
		return d
	}
	for name, decide := range map[string]Decider{"by id 1": byAnID, "-32001": otherReason} {
		for _, msg := range idNullRequests {
			if v := GuardDecisionReadsInside(decide, []byte(msg)); v == nil || v.Class != "answer:relayable" {
				t.Errorf("a guard answering %s: %s: %v, want answer:relayable", name, msg, v)
			}
		}
	}
}

// The id-null corners of red-team pass 4: Decide and DecideReference
// agree on each (DecideMatchesReference), GuardDecisionReadsInside holds,
// and each is decided as the pass says: "id": null inside params or inside
// an id array is no id null, a response the client sends by id null is
// relayed, two ids of which one is null are no single id.
func TestDecideMatchesReferenceOnIDNullCorners(t *testing.T) {
	for _, c := range []struct {
		msg    string
		action guard.Action
		id     string // the answer's or relay's id, "" for none
	}{
		{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, guard.Answer, ""},
		{`{"jsonrpc":"2.0","id" : null ,"method":"ping"}`, guard.Answer, ""},
		{`{"jsonrpc":"2.0","id":[null],"method":"ping"}`, guard.Answer, ""},
		{`{"jsonrpc":"2.0","id":{"id":null},"method":"ping"}`, guard.Answer, ""},
		{`[{"jsonrpc":"2.0","id":null,"method":"ping"}]`, guard.Answer, ""},
		{`{"jsonrpc":"2.0","id":null,"id":1,"method":"ping"}`, guard.Answer, ""},
		{`{"jsonrpc":"2.0","id":1,"id":null,"method":"ping"}`, guard.Answer, ""},
		{`{"jsonrpc":"2.0","id":null,"method":"ping","id":null}`, guard.Answer, ""},
		{`{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"}}}`, guard.Answer, ""},
		{`{"jsonrpc":"2.0","id":null,"method":"p\u0000ng"}`, guard.Answer, ""},
		{`{"jsonrpc":"2.0","id":null,"method":1}`, guard.Answer, ""},
		// "id": null elsewhere than the message's id member
		{`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"id":null}}`, guard.Relay, "1"},
		{`{"jsonrpc":"2.0","id":"null","method":"ping"}`, guard.Relay, `"null"`},
		{`{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"file:///srv/acme/a","_meta":{"id":null}}}`, guard.Relay, "2"},
		{`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"},"_meta":{"id":null}}}`, guard.Forward, "3"},
		{`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":null,"id":null}}`, guard.Relay, ""},
		// a response from the client, by id null
		{`{"jsonrpc":"2.0","id":null,"result":{}}`, guard.Relay, ""},
		{`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"x"}}`, guard.Relay, ""},
		{`{"jsonrpc":"2.0","result":{"id":null},"id":null}`, guard.Relay, ""},
	} {
		if v := DecideMatchesReference(guard.Decide, []byte(c.msg)); v != nil {
			t.Errorf("%s: %v", c.msg, v)
		}
		if v := GuardDecisionReadsInside(guard.Decide, []byte(c.msg)); v != nil {
			t.Errorf("%s: %v", c.msg, v)
		}
		for _, mode := range []guard.Mode{guard.Enforce, guard.Audit} {
			cfg := GuardConfig()
			cfg.Mode = mode
			d := guard.Decide([]byte(c.msg), cfg)
			if d.Action != c.action || string(d.ID) != c.id {
				t.Errorf("%s, %v: %v by id %q (%v), want %v by id %q", c.msg, mode, d.Action, d.ID, d.Refusal, c.action, c.id)
			}
		}
	}
}

// A message whose provenance is past the cap, so that the twin cannot
// decode it, but which the guard decides before it reads the provenance:
// a tools/call with id null (red-team pass 4's class, found by
// FuzzDecideMatchesReference once gen.GenerateMessage drew id null:
// fuzz/guard/testdata/fuzz/FuzzDecideMatchesReference/ccda2f469a7305e5),
// with an id true, an id holding a NUL, without jsonrpc "2.0", with a case
// alias of id, method, name, _meta or the provenance key, and a ping
// carrying it. The guard refuses the tools/calls for what comes first and
// relays the ping; DecideMatchesReference demanded a refusal for the cap
// of each (reference:limit). It now asks the twin about the message with
// its provenance replaced (decidedBeforeProvenance) and holds the guard to
// that decision: a decider that forwards one, answers it by another id or
// answers the ping fails, and so does one that refuses the call the guard
// reads for another cause than the cap.
func TestDecideMatchesReferenceAtTheCapBeforeTheCallIsRead(t *testing.T) {
	prov := `{"v":1,"chain":[{"component":"host","bound":[{"tool":"read_file","args":{"path":{"in":[` +
		strings.Repeat("0,", gen.ValueCap) + `0]}}}]}]}`
	msg := func(top, jsonrpc, id, method, params, meta string) []byte {
		return []byte(`{` + top + `"jsonrpc":` + jsonrpc + `,"id":` + id + `,"method":"` + method + `","params":{` + params + `"name":"read_file",` +
			`"arguments":{"path":"/srv/acme/x/a"},"_meta":{` + meta + `"` + guard.ProvenanceKey + `":` + prov + `}}}`)
	}
	before := map[string][]byte{
		"id null":               msg("", `"2.0"`, `null`, "tools/call", "", ""),
		"id true":               msg("", `"2.0"`, `true`, "tools/call", "", ""),
		"id holding a NUL":      msg("", `"2.0"`, `"a\u0000b"`, "tools/call", "", ""),
		"jsonrpc 1.0":           msg("", `"1.0"`, `1`, "tools/call", "", ""),
		"alias ID":              msg(`"ID":2,`, `"2.0"`, `1`, "tools/call", "", ""),
		"alias Method":          msg(`"Method":"x",`, `"2.0"`, `1`, "tools/call", "", ""),
		"alias Name":            msg("", `"2.0"`, `1`, "tools/call", `"Name":"x",`, ""),
		"alias _META":           msg("", `"2.0"`, `1`, "tools/call", `"_META":{},`, ""),
		"alias of the key":      msg("", `"2.0"`, `1`, "tools/call", "", `"IO.noescalation/provenance":1,`),
		"ping, relayed":         msg("", `"2.0"`, `1`, "ping", "", ""),
		"ping of id null":       msg("", `"2.0"`, `null`, "ping", "", ""),
		"ping with an alias ID": msg(`"ID":2,`, `"2.0"`, `1`, "ping", "", ""),
	}
	byID2 := func(raw []byte, cfg guard.Config) guard.Decision {
		d := guard.Decide(raw, cfg)
		if d.Action == guard.Answer {
			d.ID = []byte("2")
			d.Message = []byte(`{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"x"}}`)
		}
		return d
	}
	answersAll := func(raw []byte, cfg guard.Config) guard.Decision {
		return guard.Decision{Action: guard.Answer, Refusal: &guard.Refusal{Class: guard.ErrNotRequest, Code: guard.CodeInvalidRequest, Reason: "planted"},
			Message: []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"planted"}}`)}
	}
	for name, raw := range before {
		if !provenancePastCap(raw) {
			t.Fatalf("%s: provenance not past the cap", name)
		}
		if v := DecideMatchesReference(guard.Decide, raw); v != nil {
			t.Errorf("%s: guard.Decide: %v", name, v)
		}
		faults := map[string]Decider{"forwarding it": sentOn, "answering it by id 2": byID2}
		if strings.HasPrefix(name, "ping, relayed") {
			faults = map[string]Decider{"forwarding it": sentOn, "answering it": answersAll}
		}
		for fault, decide := range faults {
			if v := DecideMatchesReference(decide, raw); v == nil || v.Class != "reference:limit" {
				t.Errorf("%s: a decider %s: %v, want reference:limit", name, fault, v)
			}
		}
	}
	read := msg("", `"2.0"`, `1`, "tools/call", "", "")
	if v := DecideMatchesReference(guard.Decide, read); v != nil {
		t.Errorf("the call the guard reads: guard.Decide: %v", v)
	}
	if v := DecideMatchesReference(withCause(errors.ErrUnsupported), read); v == nil || v.Class != "reference:limit" {
		t.Errorf("the call the guard reads, refused for another cause: %v, want reference:limit", v)
	}
}

// A tools/call whose constrained argument is past the cap and whose id
// holds a NUL (one of gen.GenerateMessage's odd ids): the guard refuses it
// for the id (red-team pass 3) before it reads the arguments, so
// argumentLimit does not demand a limit refusal of it (found by
// FuzzDecideMatchesReference: fuzz/guard/testdata/fuzz/
// FuzzDecideMatchesReference/83ffaa0197498f4d); with the id 1 it does.
func TestArgumentLimitNotDemandedOfAnIDHoldingANUL(t *testing.T) {
	msg := func(id string) []byte {
		return []byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"tools/call","params":{"name":"read_file","arguments":{"path":[` +
			strings.Repeat("0,", gen.ValueCap) + `0]}}}`)
	}
	if v := DecideMatchesReference(guard.Decide, msg(`"a\u0000b"`)); v != nil {
		t.Errorf("id \"a\\u0000b\": %v", v)
	}
	if v := DecideMatchesReference(guard.Decide, msg(`1`)); v != nil {
		t.Errorf("id 1: %v", v)
	}
	if v := DecideMatchesReference(withCause(errors.ErrUnsupported), msg(`1`)); v == nil || v.Class != "reference:argument-limit" {
		t.Errorf("id 1, refused for another cause: %v, want reference:argument-limit", v)
	}
}
