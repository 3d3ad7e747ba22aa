package property

import (
	"errors"
	"unicode/utf8"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// GlobCompiler compiles a SEP-3246 glob (section 3.2.4) to a matcher:
// bound.CompileGlob with Match, or a planted variant.
type GlobCompiler = func(pattern string) (func(value string) bool, error)

// GlobMatcher is one named glob implementation under test.
type GlobMatcher struct {
	Name    string
	Compile GlobCompiler
}

// BoundGlob is bound.CompileGlob and Glob.Match.
func BoundGlob(pattern string) (func(string) bool, error) {
	g, err := bound.CompileGlob(pattern)
	if err != nil {
		return nil, err
	}
	return g.Match, nil
}

// BoundGlobPositionSet is bound.CompileGlob and the position-set matcher.
func BoundGlobPositionSet(pattern string) (func(string) bool, error) {
	g, err := bound.CompileGlob(pattern)
	if err != nil {
		return nil, err
	}
	return g.MatchPositionSet, nil
}

// GlobMatchesReference: every matcher and bound.ReferenceGlob (an
// independent translation to RE2) refuse the same patterns, both with
// bound.ErrGlobSyntax (classes NAME:compile-differs, NAME:untyped-error)
// at the same offset for the same reason (NAME:refusal-differs),
// and give the same answer on every valid UTF-8 value (NAME:differs).
// Matches past bound.MaxGlobWork, which the matcher refuses to run, are
// left out.
func GlobMatchesReference(matchers []GlobMatcher, pattern, value string) *Violation {
	const name = "GlobMatchesReference"
	if !utf8.ValidString(value) || utf8.RuneCountInString(pattern)*len(value) > bound.MaxGlobWork {
		return nil
	}
	re, rerr := bound.ReferenceGlob(pattern)
	for _, m := range matchers {
		match, err := m.Compile(pattern)
		switch {
		case (err == nil) != (rerr == nil):
			return violated(name, m.Name+":compile-differs", "pattern %q: %v; the reference %v", pattern, err, rerr)
		case err != nil:
			if !errors.Is(err, bound.ErrGlobSyntax) || !errors.Is(rerr, bound.ErrGlobSyntax) {
				return violated(name, m.Name+":untyped-error", "pattern %q: %v; the reference %v", pattern, err, rerr)
			}
			var ge, re *bound.GlobError
			if errors.As(err, &ge) && errors.As(rerr, &re) && (ge.Offset != re.Offset || ge.Reason != re.Reason) {
				return violated(name, m.Name+":refusal-differs", "pattern %q: %v; the reference %v", pattern, err, rerr)
			}
			continue
		}
		if got, want := match(value), re.MatchString(value); got != want {
			return violated(name, m.Name+":differs", "pattern %q, value %q: %v; the reference %v", pattern, value, got, want)
		}
	}
	return nil
}

// GlobGeneratedMatchesReference: the pattern gen.GenerateGlob makes of
// data compiles (class refused); every expansion built to match it does,
// under compile and under bound.ReferenceGlob (expansion-unmatched); on
// every near miss (a '*' or '?' given '/', a class given '/' or a
// non-member, a character more or less, a case variant) the two agree
// (probe-differs); and the pattern with a near miss of the grammar after
// it (gen.Glob.NearMiss, such as a class cut after a backslash) is
// refused by both or neither, at the same offset for the same reason
// (near-miss-differs).
func GlobGeneratedMatchesReference(compile GlobCompiler, data []byte) *Violation {
	const name = "GlobGeneratedMatchesReference"
	g := gen.GenerateGlob(data)
	match, err := compile(g.Pattern)
	re, rerr := bound.ReferenceGlob(g.Pattern)
	if err != nil || rerr != nil {
		return violated(name, "refused", "generated pattern %q refused: %v; the reference: %v", g.Pattern, err, rerr)
	}
	for _, v := range g.Matches {
		if !match(v) || !re.MatchString(v) {
			return violated(name, "expansion-unmatched", "pattern %q: the expansion %q must match; matcher %v, reference %v", g.Pattern, v, match(v), re.MatchString(v))
		}
	}
	for _, v := range g.Probes {
		if got, want := match(v), re.MatchString(v); got != want {
			return violated(name, "probe-differs", "pattern %q, value %q: matcher %v, reference %v", g.Pattern, v, got, want)
		}
	}
	return nearMissRefusal(name, compile, g.NearMiss)
}

// nearMissRefusal holds compile's verdict on a pattern near the grammar's
// edge to bound.ReferenceGlob's: both refuse it or neither, and a refusal
// is a *bound.GlobError at the reference's offset for its reason.
func nearMissRefusal(property string, compile GlobCompiler, pattern string) *Violation {
	_, err := compile(pattern)
	_, rerr := bound.ReferenceGlob(pattern)
	var ge, re *bound.GlobError
	switch {
	case (err == nil) != (rerr == nil):
		return violated(property, "near-miss-differs", "pattern %q: %v; the reference %v", pattern, err, rerr)
	case err == nil:
		return nil
	case !errors.As(err, &ge) || !errors.As(rerr, &re) || ge.Offset != re.Offset || ge.Reason != re.Reason:
		return violated(property, "near-miss-differs", "pattern %q: %v; the reference %v", pattern, err, rerr)
	}
	return nil
}
