package guard

import (
	"bytes"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// framedKinds are one message of each kind Decide lets through, with W
// where JSON whitespace may go and S inside a string (a member value, an
// argument, a hop's component, a member name).
var framedKinds = []struct {
	kind string
	tmpl string
	want Action
}{
	{"notification", `{"jsonrpc":"2.0",W"method":"notifications/progress",W"params":{"S":"aSb",W"x":W[1,W2]W}W}`, Relay},
	{"response", `W{"jsonrpc":"2.0","id":1,W"result":{"text":"S",W"content":[]W}}W`, Relay},
	{"error response", `{"jsonrpc":"2.0","id":"S",W"error":{"code":-1,"message":"S"W}}`, Relay},
	{"non-call request", `{"jsonrpc":"2.0","id":2,"method":"resources/read",W"params":{"uri":"file:///S"W}}`, Relay},
	{"admitted call", `{"jsonrpc":"2.0",W"id":3,"method":"tools/call","params":{"name":"read_file",W"arguments":{"path":"/srv/acme/S",W"note":"S"}W}}`, Forward},
	{"rewritten call", `{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/x/a"},W` +
		`"_meta":{"S":1,W"io.noescalation/provenance":{"v":1,W"chain":[{"component":"plannerS","bound":[{"tool":"read_file",` +
		`"args":{"path":{"prefix":"/srv/acme/x/"W}}}]}]}W}}}`, Forward},
	{"refused call", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"read_file",W"arguments":{"path":"/etc/S"W}}}`, Answer},
}

// lineBreakers are the line ends of every framing reader as they can stand
// in an admitted text: whitespace runs (W) and raw characters in a string
// (S).
var (
	whitespaceBreakers = []string{"\r", "\n", "\r\n", "\n\r", "\r\r", " \r\t"}
	stringBreakers     = []string{"\u2028", "\u2029", "\u0085", "a\u2028\u2029b"}
)

// Every message kind, with every line end at every place it can stand
// (one place at a time, then all at once): Decide takes the action it
// takes on the message without it, and what it sends holds no line end
// and reads as the message does (a forward as the reference twin's, which
// decodes the whole message).
func TestDecideFramesEveryKindAsOneLine(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	for _, k := range framedKinds {
		for _, variant := range framingVariants(k.tmpl) {
			raw := []byte(variant)
			d := Decide(raw, cfg)
			if d.Action != k.want {
				t.Errorf("%s %q: %v (%v), want %v", k.kind, raw, d.Action, d.Refusal, k.want)
				continue
			}
			if at := lineEndAt(d.Message); at >= 0 {
				t.Errorf("%s %q: sent %q, with a line end at %d", k.kind, raw, d.Message, at)
			}
			var want []byte
			switch d.Action {
			case Relay:
				want = raw
			case Forward:
				want = DecideReference(raw, cfg).Message
			default:
				continue
			}
			if !sameTree(t, d.Message, want) {
				t.Errorf("%s %q: sent %q, which does not read as %q", k.kind, raw, d.Message, want)
			}
		}
	}
}

// framingVariants fills tmpl with each line end at each W and each S in
// turn (the others empty or plain), then with every place filled at once.
func framingVariants(tmpl string) []string {
	var out []string
	fill := func(at int, marker byte, with string) string {
		var b strings.Builder
		n := 0
		for i := 0; i < len(tmpl); i++ {
			c := tmpl[i]
			if c != 'W' && c != 'S' {
				b.WriteByte(c)
				continue
			}
			if c == marker && (at < 0 || n == at) {
				b.WriteString(with)
			} else if c == 'S' {
				b.WriteString("s")
			}
			if c == marker {
				n++
			}
		}
		return b.String()
	}
	for _, marker := range []byte{'W', 'S'} {
		breakers := whitespaceBreakers
		if marker == 'S' {
			breakers = stringBreakers
		}
		for _, br := range breakers {
			for at := range strings.Count(tmpl, string(marker)) {
				out = append(out, fill(at, marker, br))
			}
			out = append(out, fill(-1, marker, br))
		}
	}
	return out
}

// sameTree reports whether a and b decode to one value (objects compared
// as sets of members).
func sameTree(t *testing.T, a, b []byte) bool {
	t.Helper()
	va, err := bound.ParseValue(a)
	if err != nil {
		t.Errorf("%q does not read: %v", a, err)
		return false
	}
	vb, err := bound.ParseValue(b)
	if err != nil {
		t.Errorf("%q does not read: %v", b, err)
		return false
	}
	ja, _ := va.MarshalJSON()
	jb, _ := vb.MarshalJSON()
	return bytes.Equal(ja, jb)
}

// The bypass of issue 9: a whole tools/call carried between two CRs (or
// any other line end) inside a notification, a response, a non-call
// request or a call's argument is sent on as one line, in which no reader
// finds a line to run on its own.
func TestDecideSmuggledCallIsOneLine(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	smuggled := `{"jsonrpc":"2.0","id":99,"method":"tools/call","params":{"name":"delete_repo","arguments":{}}}`
	for _, br := range whitespaceBreakers {
		for _, host := range []string{
			`{"jsonrpc":"2.0","method":"notifications/progress","params":{"x":` + br + smuggled + br + `}}`,
			`{"jsonrpc":"2.0","id":1,"result":{"x":` + br + smuggled + br + `}}`,
			`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":` + br + smuggled + br + `}}`,
			`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a","x":` + br + smuggled + br + `}}}`,
		} {
			d := Decide([]byte(host), cfg)
			if d.Action == Answer {
				t.Errorf("%q answered: %v", host, d.Refusal)
			}
			if at := lineEndAt(d.Message); at >= 0 {
				t.Errorf("%q sent with a line end at %d: %q", host, at, d.Message)
			}
		}
	}
}

// The line ends no admitted text holds raw (VT, FF, FS, GS, RS: neither
// whitespace nor allowed in a string) are refused by admission, and the
// answer is one line too.
func TestDecideRefusesRawControlLineEnds(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	for _, c := range []string{"\v", "\f", "\x1c", "\x1d", "\x1e"} {
		for _, msg := range []string{`{"jsonrpc":"2.0","method":"x",` + c + `"params":{}}`, `{"jsonrpc":"2.0","method":"x","params":{"a":"` + c + `"}}`} {
			d := Decide([]byte(msg), cfg)
			if d.Action != Answer || lineEndAt(d.Message) >= 0 {
				t.Errorf("%q: %v %q", msg, d.Action, d.Message)
			}
		}
	}
}
