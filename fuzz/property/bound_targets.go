package property

import (
	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

func boundTargets() []*Target {
	row := func(name, file, property, input string, params []Param, oracles ...string) Target {
		return Target{Name: name, Dir: "fuzz/bound", File: file, Area: "bound", Property: property, Input: input, Params: params, Oracles: oracles}
	}
	raw, seeds := []Param{Bytes}, []Param{Uint64, Uint64}
	parse := row("FuzzParse", "parse_test.go", "ProvenanceParsesAndMeets", "a raw provenance object, and as generator bytes (gen.GenerateChainProbe)", raw, "bound.BoundAdmits of every hop")
	parse.Text = oneText
	return []*Target{
		readTwice(parse, ProvenanceReader{Parse: bound.Parse, EffBound: bound.EffBound},
			generatedProvenance, "the provenance object gen.GenerateChainProbe makes", ProvenanceParsesAndMeets),
		define(row("FuzzGlobMatchesReference", "glob_test.go", "GlobMatchesReference", "a pattern and a value", []Param{String, String}, "bound.ReferenceGlob (RE2)"),
			[]GlobMatcher{{"Match", boundGlob}, {"MatchPositionSet", boundGlobPositionSet}},
			func(ms []GlobMatcher, in Input) *Violation {
				return GlobMatchesReference(ms, in.string(0), in.string(1))
			}),
		define(row("FuzzGlobGeneratedMatchesReference", "glob_test.go", "GlobGeneratedMatchesReference", "generator bytes (gen.GenerateGlob)", raw, "bound.ReferenceGlob (RE2)", "gen.GenerateGlob's expansions"),
			GlobCompiler(boundGlob), func(c GlobCompiler, in Input) *Violation { return GlobGeneratedMatchesReference(c, in.bytes(0)) }),
		define(row("FuzzArgumentCanonicalizationIdempotent", "argcanon_test.go", "ArgumentCanonicalizationIdempotent", "a string, folding, and the two paths gen.GeneratePathPair makes of the string as generator bytes", []Param{String, Bool}),
			bound.CanonicalizeString, func(c ArgCanonicalizer, in Input) *Violation {
				if v := ArgumentCanonicalizationIdempotent(c, in.string(0), in.bool(1)); v != nil {
					return v
				}
				p := gen.GeneratePathPair([]byte(in.string(0)))
				if v := ArgumentCanonicalizationIdempotent(c, p.X, p.Fold); v != nil {
					return generatedClass(v, "path %q, folding %v", p.X, p.Fold)
				}
				return generatedClass(ArgumentCanonicalizationIdempotent(c, p.Y, p.Fold), "path %q, folding %v", p.Y, p.Fold)
			}),
		define(row("FuzzArgumentCanonicalization", "argcanon_test.go", "ArgumentCanonicalizationMatchesResolver", "generator bytes (gen.GeneratePathPair), two strings, folding", []Param{Bytes, String, String, Bool}, "resolvePath (argcanon_resolver.go)", "bound.Admitter"),
			PathCanonicalizer(boundPath), func(c PathCanonicalizer, in Input) *Violation {
				return ArgumentCanonicalizationMatchesResolver(c, in.bytes(0), in.string(1), in.string(2), in.bool(3))
			}),
		define(row("FuzzMeetExact", "meet_test.go", "MeetExact", "a PRNG seed pair (gen.Seeded)", seeds, "bound.Admitter"),
			bound.MeetConstraints, func(m ConstraintMeeter, in Input) *Violation { return MeetExact(m, in.uint64(0), in.uint64(1)) }),
		define(row("FuzzMeetBoundsExact", "meet_test.go", "MeetBoundsExact", "a PRNG seed pair (gen.Seeded)", seeds, "bound.BoundAdmits"),
			bound.MeetBounds, func(m BoundMeeter, in Input) *Violation { return MeetBoundsExact(m, in.uint64(0), in.uint64(1)) }),
		define(row("FuzzMeetExactOnSpellings", "meet_test.go", "MeetExactOnSpellings", "generator bytes (gen.GenerateConstraintPair)", raw, "bound.Admitter"),
			bound.MeetConstraints, func(m ConstraintMeeter, in Input) *Violation { return MeetExactOnSpellings(m, in.bytes(0)) }),
	}
}
