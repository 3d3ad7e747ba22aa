package guard

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// Each line end some line reader splits on, as it can occur in an
// admitted JSON text: CR and LF as whitespace, NEL, LS and PS raw inside a
// string (and, escaped or not, in member names).
var framingCases = []struct {
	name, in, want string
}{
	{"none", `{"a":"b"}`, `{"a":"b"}`},
	{"CR between tokens", "{\"a\":1,\r\"method\":\"tools/call\"}", `{"a":1, "method":"tools/call"}`},
	{"CRLF at the end", "{\"a\":1}\r", `{"a":1} `},
	{"LF between tokens", "[1,\n2]", `[1, 2]`},
	{"a call between two CRs", "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\",\"params\":{\"x\":\r{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\"}\r}}",
		`{"jsonrpc":"2.0","method":"notifications/x","params":{"x": {"jsonrpc":"2.0","id":1,"method":"tools/call"} }}`},
	{"NEL in a string", "[\"a\u0085b\"]", `["a\u0085b"]`},
	{"LS in a string", "[\"a\u2028b\"]", `["a\u2028b"]`},
	{"PS in a name", "{\"\u2029\":0}", `{"\u2029":0}`},
	{"escaped quote before a line end", "[\"\\\"\u2028\",\r1]", `["\"\u2028", 1]`},
	{"escaped backslash before the closing quote", "[\"\\\\\",\r\"\u2028\"]", `["\\", "\u2028"]`},
	{"an escaped LS stays", `["\u2028"]`, `["\u2028"]`},
	{"other characters of the same lead bytes", "[\"\u00e9\u2030\u2027\u0084\"]", "[\"\u00e9\u2030\u2027\u0084\"]"},
}

func TestReframeWritesOneLineOfTheSameValue(t *testing.T) {
	for _, c := range framingCases {
		t.Run(c.name, func(t *testing.T) {
			in := []byte(c.in)
			if err := admit.Scan(in, admit.Options{}); err != nil {
				t.Fatalf("case not admitted: %v", err)
			}
			got := reframe(in)
			if string(got) != c.want {
				t.Fatalf("reframe(%q) = %q, want %q", c.in, got, c.want)
			}
			if at := lineEndAt(got); at >= 0 {
				t.Fatalf("reframe(%q) = %q holds a line end at %d", c.in, got, at)
			}
			if err := admit.Scan(got, admit.Options{}); err != nil {
				t.Fatalf("reframed text not admitted: %v", err)
			}
			var before, after any
			if json.Unmarshal(in, &before) != nil || json.Unmarshal(got, &after) != nil || !reflect.DeepEqual(before, after) {
				t.Fatalf("reframe changed the value: %q to %q", c.in, got)
			}
			if lineEndAt(in) < 0 && &got[0] != &in[0] {
				t.Fatalf("reframe copied a text with no line end")
			}
		})
	}
}

func TestLineEndAtFindsEveryReadersLineEnd(t *testing.T) {
	for _, end := range []string{"\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\u0085", "\u2028", "\u2029"} {
		b := []byte("ab" + end + "c")
		if at := lineEndAt(b); at != 2 {
			t.Errorf("lineEndAt(%q) = %d, want 2", b, at)
		}
	}
	for _, s := range []string{"", "abc", "\t \u00c2\u0080\u2027\u202a\xc2", "\xe2\x80"} {
		if at := lineEndAt([]byte(s)); at != -1 {
			t.Errorf("lineEndAt(%q) = %d, want -1", s, at)
		}
	}
}

func TestFrameServerLine(t *testing.T) {
	for _, c := range framingCases {
		got, err := FrameServerLine([]byte(c.in))
		if err != nil || string(got) != c.want {
			t.Errorf("FrameServerLine(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	// Not JSON, no line end: relayed as it is.
	if got, err := FrameServerLine([]byte("not json")); err != nil || string(got) != "not json" {
		t.Errorf("FrameServerLine(not json) = %q, %v", got, err)
	}
	// Deeper than the client-side cap, but JSON: re-encoded.
	deep := bytes.Repeat([]byte("["), 300)
	deep = append(deep, '\r')
	deep = append(deep, bytes.Repeat([]byte("]"), 300)...)
	if got, err := FrameServerLine(deep); err != nil || lineEndAt(got) >= 0 || len(got) != len(deep) {
		t.Errorf("FrameServerLine(300 deep with a CR) = %d bytes, %v", len(got), err)
	}
	// A line end in what is not admitted JSON: never relayed, whatever the
	// reason it is not admitted.
	for _, s := range []string{
		"{\"a\":\"x\r\"}",                     // a raw CR in a string: not JSON, a space would make it JSON
		"{\"a\":1}\r{\"id\":2,\"result\":{}}", // two texts
		"{\"a\":1,\"a\":2}\r",                 // a duplicate member
		"[\"\\ud800\"]\r",                     // a lone surrogate
		"garbage\rmore",
		"[\"a\u2028\",]",
	} {
		if got, err := FrameServerLine([]byte(s)); !errors.Is(err, ErrUnframeable) || got != nil {
			t.Errorf("FrameServerLine(%q) = %q, %v; want ErrUnframeable", s, got, err)
		}
	}
}

// TestLineEndAtMatchesSimple holds the eight-bytes-at-a-time scan to its
// byte-by-byte twin on hand-picked inputs and on 20000 strings drawn from
// the bytes a line end is made of (and the ones that only look like them),
// at every start offset within one block. A deterministic stream rather
// than a fuzz target: lineEndAt is internal to the guard, and every fuzz
// target of the module is a property of fuzz/property's registry.
func TestLineEndAtMatchesSimple(t *testing.T) {
	inputs := []string{
		"", "a", "abcdefgh", "abcdefghi\r", "abcdefg\n", "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x1f\x7f",
		"0123456\u2028", "01234567\u2029", "012345\u0085", "\u00c2\u00e2\u2027\u00a9 \t\t\t\t\t\t\t\t", "\xe2\x80", "\xc2",
		"{\"a\":\"\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\",\r\"b\":1}", "\x1c", "aaaaaaaaaaaaaaa\x1e",
	}
	alphabet := []string{"a", " ", "\t", "\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x1f", "\x00",
		"\xc2", "\x85", "\xe2", "\x80", "\xa8", "\xa9", "\u00a9", "\u2027", "\u202a", "\u0085", "\u2028", "\u2029"}
	r := rand.New(rand.NewPCG(13, 10))
	for range 20000 {
		var b strings.Builder
		for range r.IntN(40) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		inputs = append(inputs, b.String())
	}
	for _, s := range inputs {
		b := []byte(s)
		for start := 0; start <= len(b) && start < 9; start++ {
			if got, want := lineEndAt(b[start:]), lineEndAtSimple(b[start:]); got != want {
				t.Fatalf("lineEndAt(%q) = %d, lineEndAtSimple = %d", b[start:], got, want)
			}
		}
	}
}

// Every line end at every offset of two eight-byte blocks is found where
// it is; bytes that only look like the start of one are not.
func TestLineEndAtEveryOffset(t *testing.T) {
	for off := range 20 {
		pad := bytes.Repeat([]byte("a"), off)
		for _, end := range []string{"\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\u0085", "\u2028", "\u2029"} {
			b := append(append(append([]byte(nil), pad...), end...), "aaaaaaaaa"...)
			if at := lineEndAt(b); at != off {
				t.Errorf("lineEndAt(%q) = %d, want %d", b, at, off)
			}
		}
		for _, not := range []string{"\t", "\x00", "\x1f", "\u00a9", "\u2027", "\u202a", "\xc2", "\xe2\x80"} {
			b := append(append([]byte(nil), pad...), not...)
			if at := lineEndAt(b); at != -1 {
				t.Errorf("lineEndAt(%q) = %d, want -1", b, at)
			}
		}
	}
}
