package guard

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// cancelOf is a client's notifications/cancelled with params.requestId
// written as requestID (a JSON token, as sent).
func cancelOf(requestID string) string {
	return `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":` + requestID + `,"reason":"test"}}`
}

// slowRequest is a request the mute server never answers.
func slowRequest(id string) string {
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"x/slow"}`
}

// readAnswers parses the client's lines: the answers by id, as written,
// and the other messages (notifications, requests) the server sent.
func readAnswers(t *testing.T, lines [][]byte) (answers map[string][]string, others []string) {
	t.Helper()
	answers = map[string][]string{}
	for _, l := range lines {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method *string         `json:"method"`
			Error  *struct{ Code int }
		}
		if err := json.Unmarshal(l, &m); err != nil {
			t.Fatalf("the client read %q: %v", l, err)
		}
		if m.Method != nil {
			others = append(others, strings.TrimSuffix(string(l), "\n"))
			continue
		}
		code := ""
		if m.Error != nil {
			code = fmt.Sprint(m.Error.Code)
		}
		answers[string(m.ID)] = append(answers[string(m.ID)], code)
	}
	return answers, others
}

// A client's notifications/cancelled (MCP "Cancellation") is forwarded and
// the request it names is forgotten: the guard relays no answer for it
// (the server's late one is dropped) and makes none when the server's
// output ends. Everything else keeps one answer per request: a cancel of
// an id never forwarded, refused by the guard, answered already or
// cancelled already, of initialize, of the same id as a string rather
// than a number, a request that merely has the method's name, a cancel
// that cannot be read, and the server's own cancel of the client's
// request forget nothing. Against a server that answers a cancelled
// request late and one that answers none.
func TestProxyCancelForgetsTheRequest(t *testing.T) {
	const serverGone, outside, late = "-32000", "-32001", "-32800"
	for _, mode := range []string{"silent", "late"} {
		t.Run(mode, func(t *testing.T) {
			r := startProxy(t, "mute:"+mode, &Proxy{})
			// Answered first, then cancelled: nothing left to forget.
			r.send(t, `{"jsonrpc":"2.0","id":5,"method":"ping"}`)
			if got := r.next(t); !bytes.HasPrefix(got, []byte(`{"jsonrpc":"2.0","id":5,"result":`)) {
				t.Fatalf("the ping: %q", got)
			}
			for _, m := range []string{
				cancelOf("5"),
				// 1 and "1" are two ids (JSON-RPC 2.0 section 4): the
				// cancel of 1 forgets 1 only, a cancel of "2" not 2.
				slowRequest("1"), slowRequest(`"1"`), cancelOf("1"),
				slowRequest("2"), cancelOf(`"2"`),
				// A number id is compared by its exact value, as the
				// pending table keys it and matches the server's answers
				// (idKeyOf): 15 cancels 15.0, as JavaScript's === and
				// Python's == on the parsed ids say, and as the Go SDK's
				// server, which answers 1.0 with 1, needs. This pin once
				// said "15 does not cancel 15.0", which lost the answer
				// to a request whose id the server respelled. Different
				// values stay apart, past 2^53 too.
				slowRequest("3.0"), cancelOf("3.0"), slowRequest("15.0"), cancelOf("15"),
				slowRequest("-0"), cancelOf("0.0e5"), slowRequest("16"), cancelOf("16.5"),
				slowRequest("9007199254740993"), cancelOf("9007199254740992"),
				// The guard's own answer carries the id as the client wrote it.
				slowRequest("17.0"),
				// A string id is compared decoded: "\u0061" is "a".
				slowRequest(`"a"`), cancelOf(`"\u0061"`),
				// Refused by the guard (-32001), never forwarded.
				`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`, cancelOf("4"),
				// Cancelled twice: the second names nothing in flight.
				slowRequest("6"), cancelOf("6"), cancelOf("6"),
				// An id reused in flight: one cancel forgets one request.
				slowRequest("7"), slowRequest("7"), cancelOf("7"),
				// initialize is never cancelled (MCP "Cancellation" 2).
				`{"jsonrpc":"2.0","id":8,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, cancelOf("8"),
				// A request named notifications/cancelled cancels nothing.
				slowRequest("10"), `{"jsonrpc":"2.0","id":9,"method":"notifications/cancelled","params":{"requestId":10}}`,
				// Cancels that cannot be read forget nothing.
				slowRequest("11"),
				`{"jsonrpc":"2.0","method":"notifications/cancelled"}`,
				`{"jsonrpc":"2.0","method":"notifications/cancelled","params":[11]}`,
				`{"jsonrpc":"2.0","method":"notifications/cancelled","params":null}`,
				`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{}}`,
				cancelOf("null"), cancelOf("true"), cancelOf(`{"id":11}`), cancelOf("[11]"),
				`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestID":11}}`,
				`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"x":{"requestId":11}}}`,
				`{"jsonrpc":"2.0","id":null,"method":"notifications/cancelled","params":{"requestId":11}}`,
				// The method's name escaped is the same method.
				slowRequest("12"), `{"jsonrpc":"2.0","method":"notifications/cancell\u0065d","params":{"requestId":12}}`,
				// The server cancels the client's request: the wrong
				// direction, relayed, and the request is still awaited.
				`{"jsonrpc":"2.0","id":13,"method":"x/cancel-me"}`,
				// Never forwarded at all.
				cancelOf("99"), cancelOf(`"never"`),
				// The session goes on: answered after all of the above.
				`{"jsonrpc":"2.0","id":"end","method":"ping"}`,
			} {
				r.send(t, m)
			}
			var lines [][]byte
			for {
				l := r.next(t)
				lines = append(lines, l)
				if bytes.HasPrefix(l, []byte(`{"jsonrpc":"2.0","id":"end","result":`)) {
					break
				}
			}
			r.in.Close()
			code, rest := r.wait(t)
			if code != ExitClean {
				t.Errorf("exit %d", code)
			}
			answers, others := readAnswers(t, append(lines, rest...))
			want := map[string][]string{
				"5": {""}, `"1"`: {serverGone}, "2": {serverGone}, "4": {outside},
				"7": {serverGone}, "8": {serverGone}, "9": {serverGone}, "10": {serverGone},
				"11": {serverGone}, "13": {serverGone}, "16": {serverGone},
				"9007199254740993": {serverGone}, "17.0": {serverGone}, `"end"`: {""},
				// A request named notifications/cancelled with id null:
				// refused by the guard (MCP forbids a null id), never
				// forwarded, and it cancels nothing (11 is still awaited).
				"null": {"-32600"},
			}
			if mode == "late" {
				// The server's late answer to the cancel of 7 answers
				// the other request 7; initialize is still awaited.
				want["7"], want["8"] = []string{late}, []string{late}
			}
			for id, codes := range want {
				if fmt.Sprint(answers[id]) != fmt.Sprint(codes) {
					t.Errorf("id %s answered %q, want %q", id, answers[id], codes)
				}
			}
			for id, codes := range answers {
				if _, ok := want[id]; !ok {
					t.Errorf("id %s answered %q, want no answer (cancelled, or never asked)", id, codes)
				}
			}
			if len(others) != 1 || others[0] != `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":13,"reason":"the server's own"}}` {
				t.Errorf("the server's own cancel was not relayed once: %q", others)
			}
		})
	}
}

// cancelledID reads params.requestId of a notifications/cancelled
// notification only, keyed as readID keys the requests' ids; the decided
// bytes are what it reads (Decide relays a cancel).
func TestCancelledIDReadsTheRequestID(t *testing.T) {
	for _, c := range []struct{ msg, want string }{
		{cancelOf("7"), "7"},
		{cancelOf("7.0"), "7.0"},
		{cancelOf(`"7"`), `"7"`},
		{cancelOf(`"\u0037"`), `"7"`},
		// readID writes a string as targets/bound does: U+2028 raw
		{cancelOf(`"a\u2028b"`), "\"a\u2028b\""},
		{"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":\"a\u2028b\"}}", "\"a\u2028b\""},
		{`{"params":{"requestId":7},"method":"notifications/cancell\u0065d","jsonrpc":"2.0"}`, "7"},
		{` {"jsonrpc":"2.0","method":"notifications/cancelled","params":{"reason":"r","requestId":-1}} `, "-1"},
		{cancelOf("null"), ""},
		{cancelOf("true"), ""},
		{cancelOf("[7]"), ""},
		{cancelOf(`{"id":7}`), ""},
		{`{"jsonrpc":"2.0","method":"notifications/cancelled"}`, ""},
		{`{"jsonrpc":"2.0","method":"notifications/cancelled","params":[7]}`, ""},
		{`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestID":7}}`, ""},
		{`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"x":{"requestId":7}}}`, ""},
		{`{"jsonrpc":"2.0","id":1,"method":"notifications/cancelled","params":{"requestId":7}}`, ""},
		{`{"jsonrpc":"2.0","method":"notifications/Cancelled","params":{"requestId":7}}`, ""},
		{`{"jsonrpc":"2.0","method":"notifications/progress","params":{"requestId":7}}`, ""},
	} {
		d := Decide([]byte(c.msg), vectorConfig(t, Originate, Enforce))
		if d.Action != Relay {
			t.Fatalf("%s: %v, want relayed", c.msg, d.Action)
		}
		id, ok := cancelledID(d.Message)
		if string(id) != c.want || ok != (c.want != "") {
			t.Errorf("%s: %q %v, want %q", c.msg, id, ok, c.want)
		}
	}
}
