package guard

import (
	"bufio"
	"bytes"
	"errors"
	"strings"
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
		// an id a client matching names without case reads (Go's
		// encoding/json into a struct): two ids to it
		`{"jsonrpc":"2.0","id":1,"ID":2,"result":{}}`,
		`{"jsonrpc":"2.0","Id":2,"id":1,"error":{}}`,
	} {
		if id, ok, two := replyID([]byte(s)); ok || !two {
			t.Errorf("replyID(%s) = %s, %v, two ids %v", s, id, ok, two)
		}
	}
}

// The red-team pass (docs/GUARD.md), class "the server's side": a server
// answer the guard drops (a line over --max-server-line, or one with a line
// end that is not admitted JSON) left its request in flight until the
// server's output ended, so a client waited for it as long as the server
// ran. The guard now reads the id of a dropped answer where it can (from
// the line, or from the first and last bytes of a line over the cap, with
// the id first as the Go and Python SDKs write it or last as the
// TypeScript SDK does) and answers the request in flight with -32000 itself.
func TestProxyAnswersARequestWhoseAnswerWasDropped(t *testing.T) {
	const x = `$(head -c 4000 /dev/zero | tr '\0' x)`
	for _, c := range []struct{ name, answer string }{
		{"over the cap, id first", `printf '{"jsonrpc":"2.0","id":1,"result":{"text":"%s"}}\n' "` + x + `"`},
		{"over the cap, id last", `printf '{"result":{"text":"%s"},"jsonrpc":"2.0","id":1}\n' "` + x + `"`},
		{"over the cap, string id last", `printf '{"result":{"text":"%s"},"jsonrpc":"2.0","id":"1"}\n' "` + x + `"`},
		{"not framable", `printf '{"jsonrpc":"2.0","id":1,"result":{"a":1,"a":2}}\r\n'`},
	} {
		t.Run(c.name, func(t *testing.T) {
			id := "1"
			if strings.Contains(c.name, "string id") {
				id = `"1"`
			}
			p := shServer(t, `read a; `+c.answer+`; read b; printf '{"jsonrpc":"2.0","id":2,"result":{}}\n'; cat >/dev/null`)
			p.MaxServerLine = 1000
			r := launch(t, p)
			r.send(t, `{"jsonrpc":"2.0","id":`+id+`,"method":"ping"}`)
			r.send(t, `{"jsonrpc":"2.0","id":2,"method":"ping"}`)
			var got [][]byte
			for range 2 {
				got = append(got, r.next(t)) // before the fix: no answer to 1 while the server runs
			}
			r.in.Close()
			_, rest := r.wait(t)
			n := strictAnswersByID(t, append(got, rest...))
			if n[id] != 1 || n["2"] != 1 || len(n) != 2 {
				t.Errorf("answers by id %v, want one each to %s and 2: %q", n, id, got)
			}
			if !bytes.Contains(bytes.Join(got, nil), []byte(`"code":-32000`)) {
				t.Errorf("no -32000 for the dropped answer: %q", got)
			}
		})
	}
}

func TestDroppedReplyID(t *testing.T) {
	const x = "xxxx"
	for _, c := range []struct{ head, tail, want string }{
		{`{"jsonrpc":"2.0","id":7,"result":{"text":"` + x, x + `"}}`, `7`},
		{`{"jsonrpc":"2.0","id":"a\u0062","error":{"data":"` + x, x + `"}}`, `"ab"`},
		{`{"result":{"text":"` + x, x + `"},"jsonrpc":"2.0","id":7}`, `7`},
		{`{"result":{"text":"` + x, x + "\"} ,\r\n \"id\" : \"a-1\" }  ", `"a-1"`},
		{`{"result":{"text":"` + x, x + `"},"id":-1.5e3}`, `-1.5e3`},
		{`{"jsonrpc":"2.0","id":7,"result":{"text":"` + x, x + `"},"id":7}`, `7`},
		// none
		{`{"jsonrpc":"2.0","id":7,"result":{"text":"` + x, x + `"},"id":8}`, ``},
		{`{"jsonrpc":"2.0","id":7,"id":8,"result":{"text":"` + x, x + `"}}`, ``},
		{`{"jsonrpc":"2.0","id":7,"method":"x","params":{"text":"` + x, x + `"}}`, ``},
		{`{"jsonrpc":"2.0","params":{"text":"` + x, x + `"},"id":7}`, ``},
		{`{"jsonrpc":"2.0","result":{"text":"` + x, x + `","id":7}`, `7`}, // read as the last member: the guard cannot tell
		{`{"result":{"text":"` + x, x + `"},"id":"a\"b"}`, ``},
		{`{"result":{"text":"` + x, x + `"}"id":7}`, ``},
		{`{"result":{"text":"` + x, x + `"},"xid":7}`, ``},
		{`{"result":{"text":"` + x, x + `"},"id":7]`, ``},
		{`{"result":{"text":"` + x, x + `"},"id":07x}`, ``},
		{`{"result":{"text":"` + x, x + `"},"id":}`, ``},
		{`{"jsonrpc":"2.0","result":1,"id":12`, `345}`, ``}, // the id cut between head and tail
		{``, ``, ``},
		{`[`, `]`, ``},
	} {
		if got := droppedReplyID([]byte(c.head), []byte(c.tail)); string(got) != c.want {
			t.Errorf("droppedReplyID(%q, %q) = %s, want %s", c.head, c.tail, got, c.want)
		}
	}
}

// readLine keeps the first and the last edgeBytes of a line over its cap,
// without the newline, whether the line goes over in its first chunk or a
// later one.
func TestReadLineKeepsTheEdgesOfALongLine(t *testing.T) {
	line := make([]byte, 3*edgeBytes+5)
	for i := range line {
		line[i] = byte('a' + i%26)
	}
	for _, c := range []struct{ buf, max int }{{16, 10}, {16, 2 * edgeBytes}, {1 << 20, 10}, {1 << 20, len(line) - 1}} {
		r := bufio.NewReaderSize(bytes.NewReader(append(append([]byte(nil), line...), "\nnext\n"...)), c.buf)
		_, err := readLine(r, int64(c.max))
		var tl *errLineTooLong
		if !errors.As(err, &tl) {
			t.Fatalf("buffer %d, cap %d: %v", c.buf, c.max, err)
		}
		if tl.n != int64(len(line)) || !bytes.Equal(tl.head, line[:edgeBytes]) || !bytes.Equal(tl.tail, line[len(line)-edgeBytes:]) {
			t.Errorf("buffer %d, cap %d: n %d, head %d bytes (%v), tail %d bytes (%v)", c.buf, c.max, tl.n,
				len(tl.head), bytes.Equal(tl.head, line[:edgeBytes]), len(tl.tail), bytes.Equal(tl.tail, line[len(line)-edgeBytes:]))
		}
		if next, err := readLine(r, int64(c.max)); err != nil || string(next) != "next" {
			t.Errorf("buffer %d, cap %d: the next line %q, %v", c.buf, c.max, next, err)
		}
	}
	// a line shorter than edgeBytes over a small cap: its edges are all of it
	r := bufio.NewReaderSize(bytes.NewReader([]byte("0123456789\n")), 16)
	var tl *errLineTooLong
	if _, err := readLine(r, 4); !errors.As(err, &tl) || string(tl.head) != "0123456789" || string(tl.tail) != "0123456789" {
		t.Errorf("a short line over a cap of 4: %v %+v", err, tl)
	}
}

// The red-team pass (docs/GUARD.md), class "framing", the server's side:
// an answer holding ill-formed UTF-8 (and no line end) is relayed byte for
// byte and answers its request; the guard frames the server's lines, it
// does not judge them (TestProxyServerBytes). A client whose reader
// decodes strictly (the MCP Python SDK's stdio_client decodes with
// errors="strict" by default) fails on it; docs/GUARD.md lists this as
// left to the server, not changed by the pass.
func TestProxyRelaysAServerAnswerOfIllFormedUTF8(t *testing.T) {
	r := launch(t, shServer(t, `read a; printf '{"jsonrpc":"2.0","id":1,"result":{"t":"\377\300\256"}}\n'; cat >/dev/null`))
	r.send(t, `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	if got := string(r.next(t)); got != "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"t\":\"\xff\xc0\xae\"}}\n" {
		t.Errorf("the client read %q", got)
	}
	r.in.Close()
	if _, rest := r.wait(t); len(rest) != 0 {
		t.Errorf("more lines: %q (a -32000 would mean the answer was not counted)", rest)
	}
}

// The red-team pass (docs/GUARD.md), class "cost": blank lines (no
// message, skipped unanswered by both readers) cost nothing but the read.
// Each was copied into a slice of its own before the reader skipped it:
// 100,000 blank lines cost 100,000 allocations, 8 bytes for each byte
// read, where the hostile messages of TestDecideCostsASmallMultipleOfTheMessage
// cost at most 6; 20 MB of LFs took the guard 1.67 s against 0.46 s for
// 21.7 MB of notifications (load 3-4, wall clock, indicative only).
func TestReadLineSkipsBlankLinesWithoutAllocating(t *testing.T) {
	blanks := bytes.Repeat([]byte("\n \r\n\t\n"), 100_000/3)
	input := append(blanks, `{"a":1}`+"\n"...)
	var got []byte
	var r *bufio.Reader
	allocs := testing.AllocsPerRun(5, func() {
		r = bufio.NewReaderSize(bytes.NewReader(input), 1<<20)
		r.Reset(bytes.NewReader(input))
		var err error
		for {
			if got, err = readLine(r, 1<<20); err != nil || !blank(got) {
				break
			}
		}
	})
	if string(got) != `{"a":1}` {
		t.Fatalf("read %q after the blank lines", got)
	}
	t.Logf("%.0f allocations to read past %d blank lines", allocs, 3*(100_000/3))
	// the reader's buffer and the one line read: a few, not one a line
	if allocs > 10 {
		t.Errorf("%.0f allocations to read past %d blank lines", allocs, 3*(100_000/3))
	}
}
