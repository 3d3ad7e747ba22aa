package jsonwire

import (
	"encoding/json"
	"strings"
	"testing"
)

var texts = []string{
	`0`, `"a"`, `[]`, `{}`, ` [ 1 , "x" , {"a" : [true, null, -1.5e3]} ] `,
	`{"a":{"b":{"c":[[],[{}]]}},"d\"e":"f\\\"]}","g":"\u00e9\ud83d\ude00"}`,
	"{\"x\":\r\n\t[1,2,3],\"y\":\"\u2028\"}",
}

// countTree counts the values encoding/json reads, as CountValues counts.
func countTree(x any) int {
	n := 1
	switch x := x.(type) {
	case []any:
		for _, e := range x {
			n += countTree(e)
		}
	case map[string]any:
		for _, e := range x {
			n += countTree(e)
		}
	}
	return n
}

func TestCountValuesAndEnds(t *testing.T) {
	for _, s := range texts {
		b := []byte(s)
		var x any
		if err := json.Unmarshal(b, &x); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		i := SkipSpace(b, 0)
		end, ok := ValueEnd(b, i)
		if !ok || SkipSpace(b, end) != len(b) {
			t.Errorf("%q: value ends at %d (%v)", s, end, ok)
		}
		want := countTree(x)
		if n, ok := CountValues(b, i, 1000); !ok || n != want {
			t.Errorf("%q: %d values (%v), want %d", s, n, ok, want)
		}
		if want > 1 {
			if n, _ := CountValues(b, i, want-1); n != want {
				t.Errorf("%q: capped count %d, want %d (max+1)", s, n, want)
			}
		}
	}
}

func TestMembersAndUnquote(t *testing.T) {
	b := []byte(`{"a":1, "b\u0031" : [2,3] ,"c\"":"x\ny\u00e9\ud83d\ude00"}`)
	var names, values []string
	ok := Members(b, 0, func(m Member) bool {
		n, ok := Unquote(m.Name.Of(b))
		if !ok {
			t.Errorf("name %s did not unquote", m.Name.Of(b))
		}
		names, values = append(names, n), append(values, string(m.Value.Of(b)))
		return true
	})
	if !ok || strings.Join(names, "|") != `a|b1|c"` || strings.Join(values, "|") != `1|[2,3]|"x\ny\u00e9\ud83d\ude00"` {
		t.Errorf("%v %q %q", ok, names, values)
	}
	if s, ok := Unquote([]byte(`"x\ny\u00e9\ud83d\ude00\/"`)); !ok || s != "x\nyé😀/" {
		t.Errorf("unquote: %q %v", s, ok)
	}
	if !NameIs([]byte(`"n\u0061me"`), "name") || NameIs([]byte(`"nam"`), "name") || !NameIs([]byte(`"name"`), "name") {
		t.Error("NameIs")
	}
	var elems []string
	if !Elements([]byte(`[ 1 ,{"a":[]}, "]" ]`), 0, func(s Span) bool {
		elems = append(elems, string(s.Of([]byte(`[ 1 ,{"a":[]}, "]" ]`))))
		return true
	}) || strings.Join(elems, "|") != `1|{"a":[]}|"]"` {
		t.Errorf("elements %q", elems)
	}
}

// Bytes that run out stop every walk with false, a broken object or array
// stops Members and Elements, and none panics or reads past the slice.
func TestNotJSONStops(t *testing.T) {
	for _, s := range []string{``, `{`, `{"a"`, `{"a":`, `{"a":1`, `{"a" 1}`, `[1,`, `[1 2]`, `"abc`, `"\`, `{1:2}`,
		strings.Repeat("[", 1<<20)} {
		b := []byte(s)
		if _, ok := ValueEnd(b, 0); ok && len(s) > 0 && s[0] != '[' && s[0] != '{' {
			t.Errorf("%.20q: a value end", s)
		}
		if Members(b, 0, func(Member) bool { return true }) || Elements(b, 0, func(Span) bool { return true }) {
			t.Errorf("%.20q: walked as an object or array", s)
		}
		if _, ok := CountValues(b, 0, 10); ok && strings.Count(s, "[")+strings.Count(s, "{") != strings.Count(s, "]")+strings.Count(s, "}") {
			t.Errorf("%.20q: counted", s)
		}
	}
	for _, s := range []string{`"\ud800"`, `"\udc00\ud800"`, `"\u12"`, `"\x"`, `"a`, `a"`} {
		if _, ok := Unquote([]byte(s)); ok {
			t.Errorf("%s unquoted", s)
		}
	}
}

// A string dense in escapes, and escaped quotes and backslashes at every
// place, end where encoding/json says they do; the walk over the escapes
// is linear (a quadratic walk would not finish this test).
func TestStringEndOverEscapes(t *testing.T) {
	for _, s := range []string{`"\\"`, `"\""`, `"a\\\"b"`, `"\\\\"`, `"\u2028\"\\"`, `"` + strings.Repeat(`\u2028`, 1<<20) + `"`} {
		b := []byte(s + `,1`)
		var x string
		if err := json.Unmarshal([]byte(s), &x); err != nil {
			t.Fatalf("%.20q: %v", s, err)
		}
		if end, ok := StringEnd(b, 0); !ok || end != len(s) {
			t.Errorf("%.20q: ends at %d (%v), want %d", s, end, ok, len(s))
		}
	}
}

// StringEnd and NameIs, which look at a short string's bytes one by one
// and a long one's by bytes.IndexByte: StringEnd ends every string made of
// a run of 'a' (0 to 20 bytes) and then up to six bytes drawn from a quote,
// a backslash, 'u', '0' and 'a' (so an escape or a quote lies at every
// offset around shortString) as a walk one byte at a time does, and NameIs
// reads names of 15 to 17 bytes, with and without an escape, and names
// that are or hold a backslash, as encoding/json does.
func TestStringEndAndNameIsAsByteByByte(t *testing.T) {
	ref := func(b []byte) (int, bool) {
		for i := 1; i < len(b); i++ {
			switch b[i] {
			case '"':
				return i + 1, true
			case '\\':
				i++
			}
		}
		return len(b), false
	}
	alphabet := []byte{'"', '\\', 'u', '0', 'a'}
	checked := 0
	var walk func(b []byte, left int)
	walk = func(b []byte, left int) {
		wantEnd, wantOK := ref(b)
		if end, ok := StringEnd(b, 0); end != wantEnd || ok != wantOK {
			t.Fatalf("StringEnd(%q) = %d, %v, want %d, %v", b, end, ok, wantEnd, wantOK)
		}
		checked++
		if left == 0 {
			return
		}
		for _, c := range alphabet {
			walk(append(b[:len(b):len(b)], c), left-1)
		}
	}
	for pad := 0; pad <= 20; pad++ {
		walk([]byte(`"`+strings.Repeat("a", pad)), 6)
	}
	for _, s := range []string{`"name"`, `"n\u0061me"`, `"nam"`, `"names"`, `"a\\b"`, `"a\\\\b"`, `"\u0061\\"`, `""`, `"` + strings.Repeat("a", 16) + `"`, `"` + strings.Repeat("a", 15) + `\u0061"`, `"` + strings.Repeat("a", 17) + `"`, `"` + strings.Repeat("a", 16) + `\u0061"`} {
		var x string
		if err := json.Unmarshal([]byte(s), &x); err != nil {
			t.Fatal(err)
		}
		// x, and the body as written: the same string only without an escape.
		for _, want := range []string{"name", strings.Repeat("a", 16), strings.Repeat("a", 17), x, s[1 : len(s)-1], `a\b`, ""} {
			if got := NameIs([]byte(s), want); got != (x == want) {
				t.Errorf("NameIs(%s, %q) = %v", s, want, got)
			}
		}
	}
	t.Logf("%d strings", checked)
}
