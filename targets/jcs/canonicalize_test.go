package jcs

import (
	"errors"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

func TestCanonicalize(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{` { "b" : 1 , "a" : [ true , false , null ] } `, `{"a":[true,false,null],"b":1}`},
		{`{"😀":1,"\uE000":2}`, "{\"😀\":1,\"\uE000\":2}"}, // D83D sorts before E000
		{`{"\uE000":2,"😀":1}`, "{\"😀\":1,\"\uE000\":2}"},
		{`{"b":{"d":1,"c":2},"a":[{"z":0,"y":-0}]}`, `{"a":[{"y":0,"z":0}],"b":{"c":2,"d":1}}`},
		{`{"\u0062":1,"a":2}`, `{"a":2,"b":1}`},            // sorted by the decoded name
		{`{"\"":1,"\\":2,"!":3}`, `{"!":3,"\"":1,"\\":2}`}, // not by the escaped bytes
		{`{"a\u0000":1,"a":2}`, `{"a":2,"a\u0000":1}`},
		{`[1.0,1e0,10e-1,-0,0.000001,1e-7,1e21,123456789012345678]`, `[1,1,1,0,0.000001,1e-7,1e+21,123456789012345680]`},
		{`"\u20ac\/\u000F"`, `"€/\u000f"`},
		{`{}`, `{}`}, {`[]`, `[]`}, {` { } `, `{}`}, {"[\n]", `[]`},
		{`[[],{},[{}],{"a":[]}]`, `[[],{},[{}],{"a":[]}]`},
		{`9007199254740993`, `9007199254740992`}, // RFC 8785 profile: a double, so it rounds
		// Objects of one size in different orders: the remembered order
		// of the first must not be applied to the others.
		{`[{"b":1,"a":2},{"b":3,"a":4},{"a":5,"b":6},{"c":7,"a":8},{"b":9,"c":0}]`,
			`[{"a":2,"b":1},{"a":4,"b":3},{"a":5,"b":6},{"a":8,"c":7},{"b":9,"c":0}]`},
		{`[{"z":1,"y":2,"x":3},{"y":1,"z":2,"x":3},{"z":1,"x":2,"y":3}]`,
			`[{"x":3,"y":2,"z":1},{"x":3,"y":1,"z":2},{"x":2,"y":3,"z":1}]`},
	} {
		got, err := Canonicalize([]byte(c.in), admit.Options{})
		if err != nil || string(got) != c.want {
			t.Errorf("Canonicalize(%s) = %s, %v; want %s", c.in, got, err, c.want)
		}
	}
}

// TestAppendRefusalIsScanError checks that a refusal is admit.Scan's own
// error, unchanged, and that dst comes back untouched.
func TestAppendRefusalIsScanError(t *testing.T) {
	ijson := admit.Options{Profile: admit.IJSON}
	for _, c := range []struct {
		in   string
		opts admit.Options
		kind admit.Kind
	}{
		{`{"a":1,"a":2}`, admit.Options{}, admit.DuplicateMember},
		{`{"a":{"b":1,"\u0062":2}}`, admit.Options{}, admit.DuplicateMember},
		{`[1,]`, admit.Options{}, admit.Syntax},
		{`"\ud800"`, admit.Options{}, admit.StringNotScalar},
		{"\"\xed\xa0\x80\"", admit.Options{}, admit.StringNotScalar},
		{`1e400`, admit.Options{}, admit.NumberNotFinite},
		{`[9007199254740993]`, ijson, admit.UnsafeInteger},
		{`"\ufdd0"`, ijson, admit.Noncharacter},
		{`[[[]]]`, admit.Options{MaxDepth: 2}, admit.TooDeep},
		{`[1, 2, 3]`, admit.Options{MaxSize: 4}, admit.TooLarge},
		{`{} {}`, admit.Options{}, admit.TrailingContent},
	} {
		dst := []byte("prefix")
		got, err := Append(dst, []byte(c.in), c.opts)
		want := admit.Scan([]byte(c.in), c.opts)
		if !errors.Is(err, c.kind) || !reflect.DeepEqual(err, want) {
			t.Errorf("Append(%s) error %v, want %v (kind %s)", c.in, err, want, c.kind)
		}
		if string(got) != "prefix" {
			t.Errorf("Append(%s) returned dst %q, want it unchanged", c.in, got)
		}
	}
	if _, err := Canonicalize([]byte(`1`), admit.Options{MaxDepth: -1}); !errors.Is(err, admit.ErrOptions) {
		t.Errorf("Canonicalize with MaxDepth -1: %v, want admit.ErrOptions", err)
	}
}

func TestAppendKeepsPrefix(t *testing.T) {
	got, err := Append([]byte("x:"), []byte(`{"b":1,"a":2}`), admit.Options{})
	if err != nil || string(got) != `x:{"a":2,"b":1}` {
		t.Errorf("Append = %s, %v", got, err)
	}
}

func TestIsCanonical(t *testing.T) {
	for in, want := range map[string]bool{
		`{"a":1,"b":2}`:          true,
		`{"b":2,"a":1}`:          false,
		`{"a": 1}`:               false,
		`[1.0]`:                  false,
		`"\u00e9"`:               false,
		`"é"`:                    true,
		`{"a":1,"a":1}`:          false, // refused, so never canonical
		"{\"😀\":1,\"\uE000\":2}": true,
		"{\"\uE000\":2,\"😀\":1}": false,
		``:                       false,
	} {
		if got := IsCanonical([]byte(in)); got != want {
			t.Errorf("IsCanonical(%s) = %v, want %v", in, got, want)
		}
	}
}

// TestWriterNeedsNoGoStack checks that nesting costs the writer a frame on
// its own stack, not recursion: with the Go stack capped at 256 KiB, a
// million nested arrays, far past what admission lets through, are written.
func TestWriterNeedsNoGoStack(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(256 << 10))
	const depth = 1_000_000
	in := strings.Repeat("[", depth) + strings.Repeat("]", depth)
	got, err := appendAdmitted(nil, []byte(in))
	if err != nil || string(got) != in {
		t.Fatalf("appendAdmitted(%d nested arrays): %d bytes, %v", depth, len(got), err)
	}
}

// TestWriterRefusesNonJSON checks the writer's own checks: handed bytes that
// are not JSON, it returns a *WriteError with dst unchanged, never panics.
func TestWriterRefusesNonJSON(t *testing.T) {
	for _, in := range []string{``, ` `, `{`, `[`, `[1`, `{"a"`, `{"a":`, `{"a" 1}`, `{1:2}`, `[1 2]`,
		`[1,]`, `{"a":1,}`, `]`, `}`, `[}`, `{]`, `tru`, `nul`, `x`, `"`, `"\`, `1 2`, `{"a":1}}`,
		`[1e400]`, `1.`, `-.5`, `01`, `-01`, `1e`, `1.e5`, `1e+`, `["\ud800"]`, `{"\udc00":1}`, "\"\x01\"", `-`, `+`} {
		got, err := appendAdmitted([]byte("dst"), []byte(in))
		var we *WriteError
		if !errors.As(err, &we) || string(got) != "dst" {
			t.Errorf("appendAdmitted(%q) = %q, %v; want dst and a *WriteError", in, got, err)
		}
	}
	_, err := appendAdmitted(nil, []byte(`[1,]`))
	if !errors.Is(err, errSyntax) || err.Error() != "jcs: cannot write admitted input at byte 3: not RFC 8259 JSON" {
		t.Errorf("appendAdmitted([1,]): %v", err)
	}
}
