package guard

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/alloctest"
)

// Every spelling of one number keys alike and different numbers never do,
// decided from the digits, not a float64: past 2^53, where doubles
// collide, and past the doubles' range, where they overflow or underflow.
// A string never keys like a number.
func TestIDKeyIsTheExactValue(t *testing.T) {
	equal := [][2]string{
		{"1", "1.0"}, {"1", "1e0"}, {"1", "1.00"}, {"1", "10E-1"}, {"1", "0.1e1"}, {"1", "100e-2"},
		{"1", "1E+0"}, {"0", "-0"}, {"0", "0.000"}, {"0", "-0.0e-99"}, {"0", "0e999999999999999999999"},
		{"-5", "-5.0"}, {"-5", "-0.5e1"}, {"120", "1.2e2"}, {"120", "12e1"}, {"0.5", "5e-1"}, {"0.5", "50E-2"},
		{"1e400", "10e399"}, {"1e-400", "0.1e-399"},
		{"9007199254740993", "9007199254740993.0"}, {"9007199254740993", "9.007199254740993e15"},
		{"18446744073709551617", "1.8446744073709551617e19"},
		{`"1"`, `"1"`}, {`"a"`, `"a"`},
	}
	unequal := [][2]string{
		{"1", "-1"}, {"1", "10"}, {"1", "0.1"}, {"1", "1.0000000000000001"}, {"1", "11e-1"},
		{"9007199254740993", "9007199254740992"}, {"9007199254740993", "9007199254740994"},
		{"18446744073709551617", "18446744073709551616"},
		{"1e400", "1e401"}, {"1e400", "1e399"}, {"1e-400", "1e-401"}, {"1e-400", "0"},
		{"1", `"1"`}, {"1.0", `"1.0"`}, {"0", `"0"`}, {"12e1", "121"}, {"1e2", "1e-2"},
	}
	key := func(id string) idKey {
		t.Helper()
		k, err := idKeyOf([]byte(id))
		if err != nil {
			t.Fatalf("idKeyOf(%s): %v", id, err)
		}
		return k
	}
	for _, p := range equal {
		if a, b := key(p[0]), key(p[1]); a != b {
			t.Errorf("%s keyed %q and %s keyed %q, want alike", p[0], a, p[1], b)
		}
	}
	for _, p := range unequal {
		if a, b := key(p[0]), key(p[1]); a == b {
			t.Errorf("%s and %s both keyed %q, want apart", p[0], p[1], a)
		}
	}
	// The key is the value in one written form, checked against math/big.
	for _, id := range []string{"-12.50e1", "0.001", "7", "-0", "123456789012345678901234567890e-40"} {
		k := key(id)
		want, _ := new(big.Rat).SetString(id)
		got, ok := new(big.Rat).SetString(string(k))
		if !ok || got.Cmp(want) != 0 {
			t.Errorf("%s keyed %q, which is not its value", id, k)
		}
	}
}

// A key costs at most a bounded size whatever the token: a number of more
// than maxIDDigits significant digits, or with an exponent past what
// jsonwire.ReadNumber computes, is refused as not keyable (its request is
// answered, not forwarded), and zeros around the digits, however many,
// make no long key.
func TestIDKeyIsBounded(t *testing.T) {
	mb := strings.Repeat("9", 1<<20)
	for _, id := range []string{
		"1" + strings.Repeat("2", 64), // 65 significant digits: a literal, so a changed maxIDDigits fails
		mb,
		"1e" + mb, "1e-" + mb, "1e1099511627776", // 2^40, where ReadNumber saturates
		"", "null", "1 ", "01", "[1]",
	} {
		in := []byte(id)
		var k idKey
		var err error
		// The refusal costs no copy of the input: bytes, not seconds, so a
		// loaded machine cannot fail it and a quadratic key cannot pass.
		if n := alloctest.Bytes(func() { k, err = idKeyOf(in) }); n > 64<<10 {
			t.Errorf("idKeyOf(%.30s…) allocated %d bytes for a %d-byte id", id, n, len(id))
		}
		if !errors.Is(err, errIDNotKeyable) {
			t.Errorf("idKeyOf(%.30s…) = %q, %v, want errIDNotKeyable", id, k, err)
		}
	}
	zeros := strings.Repeat("0", 1<<20)
	for _, id := range []string{
		"1" + strings.Repeat("2", 63), // 64: keyed (literal, as above)
		"1" + zeros, "0." + zeros + "1", "1." + zeros, "1" + zeros + "e-1048576",
		"1e1099511627775",
	} {
		k, err := idKeyOf([]byte(id))
		if err != nil || len(k) > maxIDDigits+24 {
			t.Errorf("idKeyOf(%.30s…) = %.40q (%d bytes), %v; want a key of at most %d bytes", id, k, len(k), err, maxIDDigits+24)
		}
	}
	if a, _ := idKeyOf([]byte("1" + zeros + "e-1048576")); a != "1e0" {
		t.Errorf("1 followed by 2^20 zeros times 10^-2^20 keyed %q, want 1e0", a)
	}
}

// A server that answers a request with its id spelled another way (the Go
// SDK's server answers 1.0 with 1) answers that request: the guard relays
// the answer as the server wrote it, once, and answers none of them
// itself when the session ends. Before the pending table keyed ids by
// value, each of these answers was dropped as unsolicited and the request
// answered -32000 at the end. A request whose id cannot be keyed exactly
// is answered -32600 by the guard, with its id as written, not forwarded.
func TestProxyMatchesAnswersByIDValue(t *testing.T) {
	r := startProxy(t, "respell", &Proxy{})
	respelled := map[string]string{ // the client's id: the server's
		"1.0": "1", "20e-1": "2", "3.00": "3", "-0": "0", "0.50": "0.5", "1E2": "100",
		"9007199254740993.0": "9007199254740993", "-7.0e0": "-7", `"4"`: `"4"`,
	}
	tooLong := "1" + strings.Repeat("0", maxIDDigits) + "1"
	for id := range respelled {
		r.send(t, `{"jsonrpc":"2.0","id":`+id+`,"method":"x/any"}`)
	}
	r.send(t, `{"jsonrpc":"2.0","id":`+tooLong+`,"method":"x/any"}`)
	r.in.Close()
	code, lines := r.wait(t)
	if code != ExitClean {
		t.Errorf("exit %d", code)
	}
	answers, others := readAnswers(t, lines)
	want := map[string][]string{tooLong: {"-32600"}}
	for _, srv := range respelled {
		want[srv] = []string{""}
	}
	if fmt.Sprint(answers) != fmt.Sprint(want) || len(others) != 0 {
		t.Errorf("the client read %q and %q, want %q", answers, others, want)
	}
}

// respellServer answers every request with a result and its id written as
// its shortest decimal (1.0 as 1, 0.50 as 0.5, -0 as 0); a string id as
// it came.
func respellServer(in *bufio.Reader, out *bufio.Writer) int {
	for {
		l, err := in.ReadBytes('\n')
		if err != nil {
			return 0
		}
		var m struct{ ID json.RawMessage }
		if json.Unmarshal(l, &m) != nil || m.ID == nil {
			continue
		}
		id := string(m.ID)
		if v, ok := new(big.Rat).SetString(id); ok && id[0] != '"' {
			id = strings.TrimSuffix(strings.TrimRight(v.FloatString(40), "0"), ".")
		}
		fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"result":{}}`+"\n", id)
		out.Flush()
	}
}

// The official Go MCP SDK's server answers a request with id 1.0 with id
// 1 (the realistic case: its own client writes integer ids, so a raw
// client writes the others). Through the guard every request gets the
// server's answer, as the server wrote it, and none gets the guard's
// -32000 at the end; before the fix all three answers were dropped.
func TestSDKServerAnswersRespelledIDsThroughTheGuard(t *testing.T) {
	r := startProxy(t, "sdkecho", &Proxy{})
	r.send(t, `{"jsonrpc":"2.0","id":1.0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	first := r.next(t)
	r.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	r.send(t, `{"jsonrpc":"2.0","id":20e-1,"method":"ping"}`)
	second := r.next(t)
	r.send(t, `{"jsonrpc":"2.0","id":3.00,"method":"tools/list"}`)
	third := r.next(t)
	r.in.Close()
	code, rest := r.wait(t)
	if code != ExitClean {
		t.Errorf("exit %d", code)
	}
	answers, others := readAnswers(t, append([][]byte{first, second, third}, rest...))
	want := map[string][]string{"1": {""}, "2": {""}, "3": {""}}
	if fmt.Sprint(answers) != fmt.Sprint(want) || len(others) != 0 {
		t.Errorf("the client read %q and %q, want %q", answers, others, want)
	}
}

// The schema store learns from the answer to a tools/list request whose id
// the server respelled (3.00 answered as 3), and from no other number.
func TestSchemaStoreMatchesToolsListByIDValue(t *testing.T) {
	answer := func(id string) []byte {
		return []byte(`{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":[{"name":"read_file","inputSchema":{"type":"object","properties":{"path":{"type":"string","format":"path"}}}}]}}`)
	}
	s := newSchemaStore(nil)
	s.expect([]byte("3.00"))
	if s.learn(answer("4")) || s.learn(answer(`"3"`)) {
		t.Fatalf("learned from an answer to another id")
	}
	if !s.learn(answer("3")) {
		t.Errorf("did not learn from the answer with id 3 to tools/list 3.00")
	}
	if _, ok := s.snapshot()["read_file"]; !ok {
		t.Errorf("read_file not learned: %v", s.snapshot())
	}
}

// The pending table keys nothing it cannot key exactly: an id idKeyOf
// refuses is refused by add too and leaves the table as it was, so that no
// two unkeyable ids ever share a key (the session refuses such a request
// before add: this holds the table to it on its own).
func TestPendingSetRefusesAnUnkeyableID(t *testing.T) {
	p := newPendingSet(DefaultMaxInFlight, DefaultMaxInFlightIDBytes)
	for _, id := range []string{"1" + strings.Repeat("2", maxIDDigits), "1e1099511627776", "", "[1]"} {
		if _, err := p.add([]byte(id), false); !errors.Is(err, errIDNotKeyable) {
			t.Errorf("add(%.30s…) = %v, want errIDNotKeyable", id, err)
		}
	}
	if len(p.ids) != 0 {
		t.Errorf("the table holds %d keys after refusing every id", len(p.ids))
	}
	if _, err := p.add([]byte("1.0"), false); err != nil || !p.answered([]byte("1")) {
		t.Errorf("add(1.0) = %v, or 1 does not answer it", err)
	}
}

// Once the server's output has ended the table is closed: closeAll hands
// back what was in flight (for the guard to answer) and add records
// nothing more, so no request is left in flight with no one to answer it.
func TestPendingSetAddsNothingOnceClosed(t *testing.T) {
	p := newPendingSet(DefaultMaxInFlight, DefaultMaxInFlightIDBytes)
	if _, err := p.add([]byte("7"), false); err != nil {
		t.Fatal(err)
	}
	if left := p.closeAll(); len(left) != 1 || string(left[0]) != "7" {
		t.Fatalf("closeAll = %q, want the one request in flight", left)
	}
	if _, err := p.add([]byte("8"), false); !errors.Is(err, errPendingClosed) {
		t.Errorf("add after closeAll = %v, want errPendingClosed", err)
	}
	if len(p.ids) != 0 || p.answered([]byte("8")) {
		t.Errorf("a closed table recorded a request: %d keys", len(p.ids))
	}
}
