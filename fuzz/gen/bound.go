package gen

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ConstraintPair is two SEP-3246 constraints on one argument, with
// operands that are spellings of related paths (the same path written
// with dot segments, doubled slashes, percent-encoding, NFD, or one path
// inside the other), and probe values derived from them.
type ConstraintPair struct {
	A, B   bound.Constraint
	Mode   bound.Mode // the reading the pair is met and judged under
	Fold   bool       // case folding on
	Probes []bound.Value
}

// boundPaths are the paths the operands spell: nested, sibling, with a
// shared name prefix, above the root, composed and decomposed.
var boundPaths = []string{"/srv/acme", "/srv/acme/x", "/srv/acme-secrets", "/srv", "/etc", "acme/app", "café", "a/b", ""}

// GenerateConstraintPair turns data into a constraint pair; like Generate
// it never fails. One pair in four (by a draw after all the others) is
// instead eq and in over numbers whose exponents have 17 to 21 digits,
// probed with those numbers (exponentPair).
func GenerateConstraintPair(data []byte) ConstraintPair {
	s := newSource(data)
	p := ConstraintPair{Mode: []bound.Mode{bound.ModeDual, bound.ModeHierarchical, bound.ModePlain}[s.intn(3)], Fold: s.bool()}
	var bases []string
	for i, c := range []*bound.Constraint{&p.A, &p.B} {
		base := boundPaths[s.intn(len(boundPaths))]
		if i == 1 && s.bool() {
			base = bases[0] // the same path, most likely spelled another way
		}
		bases = append(bases, base)
		*c = s.constraintEnding(base, globTails)
	}
	for _, base := range bases {
		for _, v := range []string{base, base + "/x", base + "/x/y", base + "x", base + "/", base + "/../etc",
			base + "/%2e%2e/etc", s.respell(base), strings.ToUpper(base), strings.ReplaceAll(base, "é", "e\u0301")} {
			p.Probes = append(p.Probes, bound.String(v))
		}
	}
	p.Probes = append(p.Probes, bound.Value{Kind: bound.KindNumber, Number: "1"},
		bound.Value{Kind: bound.KindBool, Bool: true}, bound.Value{}, bound.String(""))
	if s.intn(4) == 1 { // drawn last, so that the path pairs' draws stay as they were
		s.exponentPair(&p)
	}
	return p
}

// wildcardTails end the glob operands of chains (GenerateChainProbe): a
// wildcard segment.
var wildcardTails = []string{"/*", "/**", "*", "/?"}

// globTails end GenerateConstraintPair's glob operands: a wildcard
// segment, and a wildcard segment with dot segments after it that resolve (a literal segment and
// the ".." that removes it) or climb back over the wildcard ("*/..",
// "**/..", "a*/x/../..", "?/./.."), which bound refuses as unresolvable.
var globTails = []string{"/*", "/**", "*", "/?", "/*/..", "/**/..", "/*/../b", "/a*/x/../..", "/?/./..", "/*/x/..", "*/../"}

// constraint draws an eq, in, prefix or glob constraint on a spelling of
// base, a glob ending in one of wildcardTails.
func (s *source) constraint(base string) bound.Constraint {
	return s.constraintEnding(base, wildcardTails)
}

// constraintEnding is constraint with a glob ending in one of tails.
func (s *source) constraintEnding(base string, tails []string) bound.Constraint {
	spelled := s.respell(base)
	switch s.intn(4) {
	case 1:
		return bound.Constraint{Op: bound.OpIn, Values: []bound.Value{bound.String(spelled), bound.String(boundPaths[s.intn(len(boundPaths))])}}
	case 2:
		return bound.Constraint{Op: bound.OpPrefix, Operand: spelled}
	case 3:
		return bound.Constraint{Op: bound.OpGlob, Operand: spelled + tails[s.intn(len(tails))]}
	}
	return bound.Constraint{Op: bound.OpEq, Value: bound.String(spelled)}
}

// respell writes path another way that canonicalizes (SEP-3246 section
// 3.2.2) to the same string under the hierarchical reading, or, for the
// NFD and case variants, under NFC or case folding.
func (s *source) respell(path string) string {
	i := strings.IndexByte(path[min(1, len(path)):], '/') + min(1, len(path)) // after the first segment
	if i <= 0 {
		i = len(path)
	}
	switch s.intn(8) {
	case 1:
		return path[:i] + "/." + path[i:]
	case 2:
		return path[:i] + "/x/.." + path[i:]
	case 3:
		return path[:i] + "/" + path[i:]
	case 4:
		return path + "/"
	case 5:
		return strings.Replace(path, "a", "%61", 1)
	case 6:
		return strings.ReplaceAll(path, "é", "e\u0301")
	case 7:
		return strings.Replace(path, "/", "%2F", 1)
	}
	return path
}
