package guard

import (
	"bytes"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// ids as a client and a server may write them: each probes a way the
// reading of a response's id and of its request's could disagree.
var replyIDSeeds = []string{
	`1`, `0`, `-0`, `-7`, `123456789012345`, `1234567890123456`, `12345678901234567890`,
	`1.0`, `1e0`, `10E-1`, `-1.5`, `0.1`,
	`"a"`, `""`, `"\u0061"`, `"\/"`, `"a\"b"`, `"é"`, `"\u00e9"`, `"\ud83d\ude00"`, "\"\u2028\"",
	`null`, `true`, `{}`, `[1]`,
}

// replyID's reading of a response's id is readID's reading of the same id
// in the request: the key a response removes from the requests in flight is
// the one its request added.
func TestReplyIDMatchesReadID(t *testing.T) {
	for _, id := range replyIDSeeds {
		checkReplyID(t, id)
	}
}

func checkReplyID(t *testing.T, id string) {
	req := []byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"ping"}`)
	if admit.Scan(req, admit.Options{}) != nil {
		return
	}
	want := readID(req, indexMessage(req, 0).id)
	for _, resp := range []string{
		`{"jsonrpc":"2.0","id":` + id + `,"result":{}}`,
		`{"result":{"nested":{"id":99,"method":"x"}},"id":` + id + `}`,
		"{ \"error\" : {\"code\":-1} ,\r\n\t\"id\" :" + id + " }",
		`{"\u0069d":` + id + `,"result":[1,"]",{"}":"{"}]}`,
	} {
		got, ok, _ := replyID([]byte(resp))
		if want == nil {
			if ok {
				t.Errorf("replyID(%s) = %s, but readID reads no id", resp, got)
			}
			continue
		}
		if !ok || !bytes.Equal(got, want) {
			t.Errorf("replyID(%s) = %s, %v; readID = %s", resp, got, ok, want)
		}
	}
}

// What is not a response has no reply id: requests, notifications, what is
// not an object, what is cut short.
func TestReplyIDNotAResponse(t *testing.T) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","result":{}}`,
		`{"jsonrpc":"2.0","method":"notifications/x"}`,
		`{"jsonrpc":"2.0","id":1}`,
		`[{"jsonrpc":"2.0","id":1,"result":{}}]`,
		`{"jsonrpc":"2.0","id":1,"result":{}`,
		`{"jsonrpc":"2.0","id":1,"result":"unterminated}`,
		`{"id":1 "result":{}}`,
		`{}`, ``, `not json`,
	} {
		if id, ok, _ := replyID([]byte(s)); ok {
			t.Errorf("replyID(%s) = %s", s, id)
		}
	}
}
