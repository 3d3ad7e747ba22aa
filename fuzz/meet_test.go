package fuzz_test

import (
	"fmt"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
)

// meetSeeds are FuzzMeetExactOnSpellings's generator inputs, each with
// the pair it makes (TestMeetSeedsMakeTheirPairs holds them to it).
var meetSeeds = []struct {
	data, pair, probe string
}{
	{"", `eq "/srv/acme" / eq "/srv/acme"`, "one path, one spelling (dual)"},
	{"%\xae\vH`\xfa\xd9)\xa4\x8d\xe5C", `eq "/srv/acme-secrets" / eq "/srv/./acme-secrets"`, "a dot segment: equal once normalized (hierarchical)"},
	{"\xa6\xae\x14\xc6V\x128{\xe2f4\x83\xa0\xa9", `prefix "/srv/acme-secrets" / prefix "/srv//acme"`, "a doubled slash, and a sibling that shares a name prefix (hierarchical)"},
	{"\xd4^{\tB\xbdo>\xda\xf3z\x13\xb4", `prefix "caf\u00e9/." / prefix "cafe\u0301"`, "NFC against NFD, a dot segment kept (plain)"},
	{"r\xb0W\xff\xd8\x0e;&\x80\xd0\xef\a", `eq "caf\u00e9" / eq "cafe\u0301"`, "NFC against NFD, equal once normalized (dual)"},
	{"\xc8g\x18\x9e\xfcc\a\xd8\fa", `eq "cafe\u0301" / eq "caf\u00e9"`, "the same, plain and case-folded"},
	{"\u04b6\x06V\xe6n\x1b\xb8\xba\xb1[FD\xcd", `prefix "cafe\u0301" / prefix "caf\u00e9"`, "NFD against NFC as prefixes (dual)"},
}

// TestMeetSeedsMakeTheirPairs: each seed makes the pair its comment names.
func TestMeetSeedsMakeTheirPairs(t *testing.T) {
	for _, s := range meetSeeds {
		p := gen.GenerateConstraintPair([]byte(s.data))
		if got := describePair(p); got != s.pair {
			t.Errorf("seed %q (%s) makes %s, not %s", s.data, s.probe, got, s.pair)
		}
	}
}

// describePair writes a pair's operators and operands in one line.
func describePair(p gen.ConstraintPair) string {
	one := func(c gen.ConstraintPair, first bool) string {
		x := c.A
		if !first {
			x = c.B
		}
		switch x.Op {
		case "eq":
			return fmt.Sprintf("eq %+q", x.Value.Str)
		case "in":
			return fmt.Sprintf("in [%+q %+q]", x.Values[0].Str, x.Values[1].Str)
		}
		return fmt.Sprintf("%s %+q", x.Op, x.Operand)
	}
	return one(p, true) + " / " + one(p, false)
}

// FuzzMeetExactOnSpellings holds bound.MeetConstraints to
// meetExactOnSpellings: pairs whose operands are different spellings of
// one path or of nested paths, where a meet that compares operands as
// written goes wrong. targets/bound's FuzzMeetExact draws its pairs from
// fixed operand lists; this one respells them.
func FuzzMeetExactOnSpellings(f *testing.F) {
	if len(meetSeeds) == 0 {
		f.Fatal("no seeds: the target would replay nothing")
	}
	for _, s := range meetSeeds {
		f.Add([]byte(s.data))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := meetExactOnSpellings(boundMeet, data); err != nil {
			t.Fatal(err)
		}
	})
}
