package admit_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// nest returns n containers opened by open and closed by close, with the
// innermost holding inner.
func nest(n int, open, inner, close string) string {
	return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
}

// depthCases: each cap admitted exactly at its boundary and refused one
// container past it, at the opening bracket of level MaxDepth+1.
func depthCases() []scanCase {
	deep := func(name string, depth int, opts admit.Options, open, close string) []scanCase {
		return []scanCase{
			{name: name + "-at-cap", before: nest(depth, open, "1", close), opts: opts},
			{name: name + "-past-cap", kind: admit.TooDeep, before: strings.Repeat(open, depth),
				from: nest(1, open, "1", close) + strings.Repeat(close, depth), opts: opts},
		}
	}
	var cases []scanCase
	cases = append(cases, deep("arrays-default", admit.DefaultMaxDepth, rfc8785, "[", "]")...)
	cases = append(cases, deep("objects-default", admit.DefaultMaxDepth, rfc8785, "{\"a\":", "}")...)
	cases = append(cases, deep("arrays-limit", admit.MaxDepthLimit, admit.Options{MaxDepth: admit.MaxDepthLimit}, "[", "]")...)
	cases = append(cases, deep("objects-limit-ijson", admit.MaxDepthLimit, admit.Options{Profile: admit.IJSON, MaxDepth: admit.MaxDepthLimit}, "{\"\":", "}")...)
	cases = append(cases, deep("arrays-cap-1", 1, admit.Options{MaxDepth: 1}, "[", "]")...)
	three := admit.Options{MaxDepth: 3}
	one := admit.Options{MaxDepth: 1}
	two := admit.Options{MaxDepth: 2}
	cases = append(cases,
		scanCase{name: "cap-1-object-in-object", kind: admit.TooDeep, before: "{\"a\":", from: "{}}", opts: one},
		scanCase{name: "cap-1-empty-array-in-array", kind: admit.TooDeep, before: "[", from: "[]]", opts: one},
		scanCase{name: "cap-1-second-element", kind: admit.TooDeep, before: "[1,", from: "[]]", opts: one},
		scanCase{name: "mixed-cap-3-at-cap", before: "[{\"a\":[1]}]", opts: three},
		scanCase{name: "mixed-cap-3-past-cap", kind: admit.TooDeep, before: "[{\"a\":[", from: "{}]}]", opts: three},
		scanCase{name: "cap-1-scalars", before: "[1,\"a\",null]", opts: one},
		scanCase{name: "cap-2-closed-siblings", before: "[[],[],{\"a\":1}]", opts: two},
		scanCase{name: "cap-2-sibling-too-deep", kind: admit.TooDeep, before: "[[],[", from: "[]]]", opts: two},
		scanCase{name: "default-cap-in-object-value", kind: admit.TooDeep,
			before: "{\"a\":" + strings.Repeat("[", admit.DefaultMaxDepth-1), from: "[" + strings.Repeat("]", admit.DefaultMaxDepth) + "}"},
	)
	return cases
}

// sizeCases: the size cap admits exactly MaxSize bytes and refuses one more
// at offset MaxSize, before reading anything.
var sizeCases = []scanCase{
	{name: "one-past-small-cap", kind: admit.TooLarge, before: "[1,2", from: "]", opts: admit.Options{MaxSize: 4}},
	{name: "at-small-cap", before: "[1,2]", opts: admit.Options{MaxSize: 5}},
	{name: "one-byte-cap", before: "1", opts: admit.Options{MaxSize: 1}},
	{name: "one-past-one-byte-cap", kind: admit.TooLarge, before: "1", from: " ", opts: admit.Options{MaxSize: 1}},
	{name: "cap-before-everything-ijson", kind: admit.TooLarge, before: "\"\\uFFFE", from: "\"", opts: admit.Options{Profile: admit.IJSON, MaxSize: 7}},
}

// TestDefaultSizeCap: exactly DefaultMaxSize bytes are admitted, one more
// is TooLarge at offset DefaultMaxSize.
func TestDefaultSizeCap(t *testing.T) {
	at := make([]byte, admit.DefaultMaxSize)
	at[0], at[len(at)-1] = '"', '"'
	for i := 1; i < len(at)-1; i++ {
		at[i] = 'a'
	}
	past := append(bytes.Clone(at), ' ')
	for _, s := range scanners {
		if msg := verdict(s, at, rfc8785, "", 0); msg != "" {
			t.Errorf("%s, %d bytes: %s", s.name, len(at), msg)
		}
		if msg := verdict(s, past, rfc8785, admit.TooLarge, admit.DefaultMaxSize); msg != "" {
			t.Errorf("%s, %d bytes: %s", s.name, len(past), msg)
		}
	}
}

// TestTenMillionBrackets: an input far deeper than any cap is refused at the
// 129th bracket, without growing a stack for the rest.
func TestTenMillionBrackets(t *testing.T) {
	input := bytes.Repeat([]byte("["), 10_000_000)
	for _, s := range scanners {
		if msg := verdict(s, input, rfc8785, admit.TooDeep, admit.DefaultMaxDepth); msg != "" {
			t.Errorf("%s: %s", s.name, msg)
		}
	}
}

// members writes an object of n members named m0, m1, ...; when repeat is
// true the last member reuses the first name. It returns the object and the
// offset of the last member's opening quote.
func members(n int, repeat bool) ([]byte, int64) {
	var b bytes.Buffer
	b.WriteByte('{')
	var last int64
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		last = int64(b.Len())
		name := i
		if repeat && i == n-1 {
			name = 0
		}
		fmt.Fprintf(&b, "\"m%d\":%d", name, i)
	}
	b.WriteByte('}')
	return b.Bytes(), last
}

// TestManyMembers: 200,000 distinct names are admitted, and a repeat as
// the 200,000th member is refused at its opening quote.
func TestManyMembers(t *testing.T) {
	const n = 200_000
	distinct, _ := members(n, false)
	repeated, at := members(n, true)
	for _, s := range scanners {
		if msg := verdict(s, distinct, rfc8785, "", 0); msg != "" {
			t.Errorf("%s, %d distinct members: %s", s.name, n, msg)
		}
		if msg := verdict(s, repeated, rfc8785, admit.DuplicateMember, at); msg != "" {
			t.Errorf("%s, member %d repeats the first: %s", s.name, n, msg)
		}
	}
}
