package admit_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// TestDetailNamesTheByteAtTheOffset: a Syntax refusal at a byte (not at
// the end of the input) says which byte it found there, so a person reads
// the same fault the offset points at. The bad-escape paths (the escape
// character and each of the four hex digits) are the ones a Detail built
// from a neighbouring byte would get wrong.
func TestDetailNamesTheByteAtTheOffset(t *testing.T) {
	for _, c := range []struct {
		in     string
		offset int64
	}{
		{`"\x"`, 2},
		{`"ab\q"`, 4},
		{`"\` + "\xc3\xa9" + `"`, 2},
		{`"\u"`, 3},
		{`"\uG234"`, 3},
		{`"\u1G34"`, 4},
		{`"\u12G4"`, 5},
		{`"\u123G"`, 6},
		{`"\uD834\uZC00"`, 9},
		{`"\uD834\uDG00"`, 10},
		{`[1 2]`, 3},
		{`{"a" 1}`, 5},
		{`{1:2}`, 1},
		{`{"a":1 "b":2}`, 7},
		{`tru`, 3},
		{`trux`, 3},
		{`nul!`, 3},
		{`[1,]`, 3},
		{`-a`, 1},
		{`1.e`, 2},
		{`1e+x`, 3},
		{`'a'`, 0},
		{"\xef\xbb\xbf1", 0},
	} {
		for _, s := range scanners {
			err := s.scan([]byte(c.in), admit.Options{})
			var ae *admit.Error
			if !errors.As(err, &ae) || ae.Kind != admit.Syntax || ae.Offset != c.offset {
				t.Errorf("%s(%q) = %v, want Syntax at %d", s.name, c.in, err, c.offset)
				continue
			}
			if int(ae.Offset) >= len(c.in) {
				if s.name == "Scan" && !strings.Contains(ae.Detail, "end of input") {
					t.Errorf("%s(%q): Detail %q does not say the input ends", s.name, c.in, ae.Detail)
				}
				continue
			}
			b := c.in[ae.Offset]
			named := strings.Contains(ae.Detail, fmt.Sprintf("%q", b)) || strings.Contains(strings.ToLower(ae.Detail), fmt.Sprintf("0x%02x", b)) ||
				b == '\'' && strings.Contains(ae.Detail, "single quote")
			if !named {
				t.Errorf("%s(%q): Detail %q does not name the byte %#02x at offset %d", s.name, c.in, ae.Detail, b, ae.Offset)
			}
		}
	}
}

// TestStringNotScalarDetailSaysWhich: a raw control byte and ill-formed
// UTF-8 are both StringNotScalar at the byte, and the Detail tells them
// apart, so neither check can be dropped in favour of the other unnoticed.
func TestStringNotScalarDetailSaysWhich(t *testing.T) {
	for _, c := range []struct {
		in     string
		offset int64
		word   string
	}{
		{"\"ab\x01\"", 3, "control"},
		{"\"\x1f\"", 1, "control"},
		{"\"abcdefghij\x00\"", 11, "control"},
		{"\"a\xff\"", 2, "UTF-8"},
		{"\"a\xc3\"", 2, "UTF-8"},
		{"\"abcdefghij\xed\xa0\x80\"", 11, "UTF-8"},
	} {
		for _, s := range scanners {
			err := s.scan([]byte(c.in), admit.Options{})
			var ae *admit.Error
			if !errors.As(err, &ae) || ae.Kind != admit.StringNotScalar || ae.Offset != c.offset || !strings.Contains(ae.Detail, c.word) {
				t.Errorf("%s(%q) = %v, want StringNotScalar at %d saying %q", s.name, c.in, err, c.offset, c.word)
			}
		}
	}
}

// TestReferenceTooDeepDetailCountsLevels: the reference scanner's TooDeep
// Detail names the level the container would open and the cap, as
// numbers a person can check against the input: the 129th bracket opens
// level 129 of a cap of 128.
func TestReferenceTooDeepDetailCountsLevels(t *testing.T) {
	in := strings.Repeat("[", 129) + strings.Repeat("]", 129)
	var ae *admit.Error
	if err := admit.Reference([]byte(in), admit.Options{}); !errors.As(err, &ae) || ae.Kind != admit.TooDeep ||
		!strings.Contains(ae.Detail, "level 129") || !strings.Contains(ae.Detail, "cap is 128") {
		t.Fatalf("Reference(129 brackets) = %v, want TooDeep naming level 129 and the cap 128", err)
	}
}
