package guard

import (
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// shServer is a Proxy whose server is the shell script given.
func shServer(t *testing.T, script string) *Proxy {
	return &Proxy{Command: "sh", Args: []string{"-c", script}, Grace: 300 * time.Millisecond,
		Config: vectorConfig(t, Originate, Enforce)}
}

// strictAnswersByID reads every line the client got as one strict JSON value
// (bound.ParseValue refuses a duplicate member) and counts the answers to
// each id; a line that has no single reading is an error.
func strictAnswersByID(t *testing.T, lines [][]byte) map[string]int {
	t.Helper()
	n := map[string]int{}
	for _, l := range lines {
		v, err := bound.ParseValue(l[:len(l)-1])
		if err != nil {
			t.Errorf("the client read a line with no single reading: %q: %v", l, err)
			continue
		}
		if id, ok := v.Get("id"); ok {
			b, _ := id.MarshalJSON()
			n[string(b)]++
		}
	}
	return n
}

// The red-team pass (docs/GUARD.md), class "duplicates", the server's
// side: an answer with two id members (one spelled \u0069d) is read as an
// answer to 1 by a first-wins client and to 2 by a last-wins one. The
// guard kept it, marked one of them answered and relayed it, then dropped
// the server's real answer to that one as unsolicited: a first-wins client
// got two answers to 1 and none to 2. It is dropped now, as a line that
// cannot be framed, and each request gets its one answer.
func TestProxyDropsAServerAnswerWithTwoIDs(t *testing.T) {
	r := launch(t, shServer(t, `read a; read b
printf '%s\n' '{"jsonrpc":"2.0","id":1,"\u0069d":2,"result":{}}' '{"jsonrpc":"2.0","id":1,"result":{"n":1}}' '{"jsonrpc":"2.0","id":2,"result":{"n":2}}'
cat >/dev/null`))
	r.send(t, `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	r.send(t, `{"jsonrpc":"2.0","id":2,"method":"ping"}`)
	r.in.Close()
	_, lines := r.wait(t)
	if n := strictAnswersByID(t, lines); n["1"] != 1 || n["2"] != 1 || len(n) != 2 {
		t.Errorf("answers by id %v, want one each to 1 and 2: %q", n, lines)
	}
}

func TestReplyIDTwoIDs(t *testing.T) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"id":2,"result":{}}`,
		`{"id":1,"\u0069d":1,"error":{}}`,
		`{"id":1,"method":"x","id":2}`,
	} {
		if id, ok, two := replyID([]byte(s)); ok || !two {
			t.Errorf("replyID(%s) = %s, %v, two ids %v", s, id, ok, two)
		}
	}
}
