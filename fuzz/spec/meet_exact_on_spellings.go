package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// FuzzMeetExactOnSpellings (fuzz/bound): bound.MeetConstraints on a pair
// gen.GenerateConstraintPair makes of operands that respell one path.
var _ = register(Target{
	Name: "FuzzMeetExactOnSpellings", Stub: "fuzz/bound/meet_test.go",
	Checks:  "the same on operands that respell one path",
	Input:   "generator bytes (gen.GenerateConstraintPair)",
	Oracles: []string{"bound.Admitter"},
	Seeds:   generatedPairSeeds(),
	Planted: []Variant{
		{Fault: "operands compared before canonicalizing", Impl: planted.MeetRawOperands, Efficacy: true},
	},
}, onArg(bound.MeetConstraints, property.MeetExactOnSpellings))

// generatedPairs are FuzzMeetExactOnSpellings's generator inputs, each with
// the pair gen.GenerateConstraintPair makes of it.
var generatedPairs = []struct {
	data, pair, probe string
}{
	{"", `eq "/srv/acme" / eq "/srv/acme"`, "one path, one spelling (dual)"},
	{"%\xae\vH`\xfa\xd9)\xa4\x8d\xe5C", `eq "/srv/acme-secrets" / eq "/srv/./acme-secrets"`, "a dot segment: equal once normalized (hierarchical)"},
	{"\xa6\xae\x14\xc6V\x128{\xe2f4\x83\xa0\xa9", `prefix "/srv/acme-secrets" / prefix "/srv//acme"`, "a doubled slash, and a sibling that shares a name prefix (hierarchical)"},
	{"\xd4^{\tB\xbdo>\xda\xf3z\x13\xb4", `prefix "caf\u00e9/." / prefix "cafe\u0301"`, "NFC against NFD, a dot segment kept (plain)"},
	{"r\xb0W\xff\xd8\x0e;&\x80\xd0\xef\a", `eq "caf\u00e9" / eq "cafe\u0301"`, "NFC against NFD, equal once normalized (dual)"},
	{"\xc8g\x18\x9e\xfcc\a\xd8\fa", `eq "cafe\u0301" / eq "caf\u00e9"`, "the same, plain and case-folded"},
	{"\u04b6\x06V\xe6n\x1b\xb8\xba\xb1[FD\xcd", `prefix "cafe\u0301" / prefix "caf\u00e9"`, "NFD against NFC as prefixes (dual)"},
	{"u\x06v6\x16.\vlڮ\xa1\r ÀR@\xed\x83s#O\xc7", `eq 1e001000000000000000000 / eq 0.0E-0009999999999999999999`, "a 19-digit exponent, past the cap: equal to nothing, itself included (SEP-3246 section 3.2.3)"},
	{"\x02\x10\xaeE\xc0\xb6\x92\xcfl\x9b\x15Yn\xd4P\x88S\x01\xc4*^\x90C", `eq 1e-999999999999999999999 / eq 2.50E+0010000000000000000`, "a tiny number that admission reads as 0 against a 17-digit exponent"},
	{"C\xff\xc6XW\x88\xdf\x05;\xd0\xdbV\x1a\xc5$", `glob "/srv/acme/*/.." / eq "/srv//acme"`, "a '..' after a wildcard segment: unresolvable, the glob admits nothing (hierarchical, folded)"},
	{"@\xa8l\x9e?h2\x8f#LA", `glob "/srv/acme/**/.." / eq "/srv//acme"`, "the same after '**' (hierarchical)"},
}

// generatedPairSeeds are generatedPairs as seeds.
func generatedPairSeeds() []seeds.Seed {
	var out []seeds.Seed
	for _, s := range generatedPairs {
		out = append(out, seeds.Text(s.pair, s.probe, s.data))
	}
	return out
}
