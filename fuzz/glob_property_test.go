package fuzz_test

import (
	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// globCompiler is a glob implementation under test: it compiles a pattern
// to a matcher.
type globCompiler func(pattern string) (func(string) bool, error)

// boundGlob is the real target, bound.CompileGlob and Glob.Match.
func boundGlob(pattern string) (func(string) bool, error) {
	g, err := bound.CompileGlob(pattern)
	if err != nil {
		return nil, err
	}
	return g.Match, nil
}

// globGeneratedMatchesReference is the property of
// FuzzGlobGeneratedMatchesReference: the pattern gen.GenerateGlob makes of
// data compiles, every expansion built to match it does, under compile and
// under bound.ReferenceGlob (the RE2 translation), and on every near miss
// the two agree.
func globGeneratedMatchesReference(compile globCompiler, data []byte) error {
	g := gen.GenerateGlob(data)
	in := []byte(g.Pattern)
	match, err := compile(g.Pattern)
	re, rerr := bound.ReferenceGlob(g.Pattern)
	if err != nil || rerr != nil {
		return violated(in, nil, "generated pattern %q refused: %v; reference: %v", g.Pattern, err, rerr)
	}
	for _, v := range g.Matches {
		if !match(v) || !re.MatchString(v) {
			return violated(in, nil, "pattern %q: the expansion %q must match; matcher %v, reference %v", g.Pattern, v, match(v), re.MatchString(v))
		}
	}
	for _, v := range g.Probes {
		if got, want := match(v), re.MatchString(v); got != want {
			return violated(in, nil, "pattern %q, value %q: matcher %v, reference %v", g.Pattern, v, got, want)
		}
	}
	return nil
}
