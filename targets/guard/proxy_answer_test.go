package guard

import (
	"encoding/json"
	"testing"
)

// The guard's own answers are framed as every line it writes is
// (frameLine): a request id or a tool name that holds U+2028, U+2029 or
// U+0085, escaped in the request, is written escaped in the answer, not
// raw (readID and targets/bound write them raw), so that a reader that
// splits lines on them (str.splitlines) reads one answer. The refusal
// (-32001) and the answer for a server that went away (-32000) alike.
func TestProxyFramesItsOwnAnswers(t *testing.T) {
	r := startProxy(t, "mute:silent", &Proxy{})
	ids := []string{`"a\u2028b"`, `"c\u2029d"`, `"e\u0085f"`}
	want := map[string]string{}
	for i, id := range ids {
		var s string
		if err := json.Unmarshal([]byte(id), &s); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			// refused by the guard: outside the bound, and a tool name
			// that holds a line end for some reader
			r.send(t, `{"jsonrpc":"2.0","id":`+id+`,"method":"tools/call","params":{"name":"read\u2028file","arguments":{}}}`)
			want[s] = "-32001"
			continue
		}
		r.send(t, slowRequest(id)) // answered by the guard when the server exits
		want[s] = "-32000"
	}
	r.in.Close()
	_, lines := r.wait(t)
	for _, l := range lines {
		if at := lineEndAt(l[:len(l)-1]); at >= 0 {
			t.Errorf("the guard wrote a line end at offset %d inside its answer %q", at, l)
		}
		var m struct {
			ID    string
			Error struct{ Code json.Number }
		}
		if err := json.Unmarshal(l, &m); err != nil {
			t.Fatalf("the client read %q: %v", l, err)
		}
		if want[m.ID] != string(m.Error.Code) {
			t.Errorf("id %q answered %s, want %q", m.ID, m.Error.Code, want[m.ID])
		}
		delete(want, m.ID)
	}
	if len(want) != 0 {
		t.Errorf("not answered: %q", want)
	}
}
