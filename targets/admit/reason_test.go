package admit_test

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// TestSyntaxReasons: Scan and Reference name the same rule (admit.Reason)
// for a Syntax refusal of each rule of RFC 8259, at the end of the input
// and at a wrong byte, and ByKind for the other kinds.
func TestSyntaxReasons(t *testing.T) {
	cases := []struct {
		in   string
		want admit.Reason
	}{
		{``, admit.WantValue}, {`[`, admit.WantValue}, {`[,`, admit.WantValue},
		{`{`, admit.WantMemberName}, {`{1`, admit.WantMemberName}, {`{"a":1,`, admit.WantMemberName},
		{`{"a"`, admit.WantColon}, {`{"a" 1`, admit.WantColon},
		{`[1`, admit.WantCommaOrClose}, {`[1 2`, admit.WantCommaOrClose}, {`{"a":1 "b"`, admit.WantCommaOrClose},
		{`tru`, admit.WantLiteral}, {`nul1`, admit.WantLiteral},
		{`-`, admit.WantDigit}, {`-a`, admit.WantDigit}, {`1.`, admit.WantDigit}, {`1.e`, admit.WantDigit}, {`1e`, admit.WantDigit}, {`1e+x`, admit.WantDigit},
		{`01`, admit.LeadingZero}, {`-00`, admit.LeadingZero},
		{`"ab`, admit.WantStringEnd}, {`["a`, admit.WantStringEnd},
		{`"\`, admit.WantEscape}, {`"\x"`, admit.WantEscape},
		{`"\u`, admit.WantHexDigit}, {`"\u12`, admit.WantHexDigit}, {`"\u12g4"`, admit.WantHexDigit}, {`"\ud800\u12`, admit.WantHexDigit},
		{`1 2`, admit.ByKind}, {`{"a":1,"a":2}`, admit.ByKind}, {"\"\x01\"", admit.ByKind}, {`1e400`, admit.ByKind},
	}
	for _, c := range cases {
		for name, scan := range map[string]func([]byte, admit.Options) error{"Scan": admit.Scan, "Reference": admit.Reference} {
			var e *admit.Error
			if err := scan([]byte(c.in), admit.Options{}); !errors.As(err, &e) || e.Reason != c.want {
				t.Errorf("%s(%q) = %v (%v), want the reason %v", name, c.in, err, reasonOf(e), c.want)
			}
		}
	}
}

func reasonOf(e *admit.Error) any {
	if e == nil {
		return "no *admit.Error"
	}
	return e.Reason
}
