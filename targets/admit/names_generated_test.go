package admit_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// nameSpellings are member names in groups that decode to one name
// (RFC 8259 section 7): escaped and literal, short and unicode escapes,
// surrogate pairs, and names that differ only past eight bytes or by a
// trailing NUL, which a prefix or length shortcut could confuse.
var nameSpellings = [][]string{
	{"a", "\\u0061", "\\u0061"},
	{"a\\u0000", "\\u0061\\u0000"},
	{"\\u0000"},
	{""},
	{"\xC3\xA9", "\\u00e9", "\\u00E9"},
	{"\xF0\x9F\x98\x80", "\\ud83d\\ude00", "\\uD83D\\uDE00"},
	{"/", "\\/"},
	{"\\n", "\\u000a", "\\u000A"},
	{"\\\"", "\\u0022"},
	{"\\\\", "\\u005c"},
	{"abcdefgh", "abcdefg\\u0068"},
	{"abcdefghi", "\\u0061bcdefghi"},
	{"abcdefgh\\u0000"},
	{"abcdefgi"},
	{"12345678901234567890", "1234567890123456789\\u0030"},
	{"12345678901234567891"},
}

// objectText writes an object of 0 to 60 members whose names are drawn
// from nameSpellings or numbered, with nested objects as values, so that
// objects outgrow any linear search and names repeat across depths.
func objectText(r *rand.Rand, b *strings.Builder, depth int) {
	b.WriteByte('{')
	n := r.IntN(61)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		if r.IntN(3) == 0 {
			group := nameSpellings[r.IntN(len(nameSpellings))]
			b.WriteString(group[r.IntN(len(group))])
		} else {
			b.WriteString("m" + strconv.Itoa(r.IntN(2000)))
		}
		b.WriteString("\":")
		switch {
		case depth < 3 && r.IntN(40) == 0:
			objectText(r, b, depth+1)
		case depth < 3 && r.IntN(40) == 0:
			b.WriteByte('[')
			objectText(r, b, depth+1)
			b.WriteString(",")
			objectText(r, b, depth+1)
			b.WriteByte(']')
		default:
			b.WriteString(strconv.Itoa(i))
		}
	}
	b.WriteByte('}')
}

// TestNamesMatchReference: on 3,000 drawn objects, whole or cut short,
// Scan and Reference find the same duplicate, or none.
func TestNamesMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(8785, 31))
	failures, refused, admittedN := 0, 0, 0
	for i := 0; i < 3000 && failures < 10; i++ {
		var b strings.Builder
		objectText(r, &b, 0)
		input := []byte(b.String())
		if r.IntN(4) == 0 {
			input = input[:r.IntN(len(input)+1)]
		}
		for _, opts := range []admit.Options{rfc8785, {MaxDepth: 3}} {
			got, want := admit.Scan(input, opts), admit.Reference(input, opts)
			if msg := sameVerdict(got, want); msg != "" {
				t.Errorf("input %q, %+v: %s", input, opts, msg)
				failures++
			}
			if want != nil {
				refused++
			} else {
				admittedN++
			}
		}
	}
	if refused == 0 || admittedN == 0 {
		t.Errorf("%d drawn objects refused, %d admitted: the generator probes one side only", refused, admittedN)
	}
	t.Logf("%d refused, %d admitted", refused, admittedN)
}
