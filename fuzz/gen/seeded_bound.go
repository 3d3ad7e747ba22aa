package gen

import (
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// The constraints and bounds FuzzMeetExact and FuzzMeetBoundsExact draw from
// a PRNG seed pair: operators over fixed operand lists chosen to meet in
// every interesting way (nested and sibling paths, dot segments and
// encodings, globs with each wildcard), and probe values that tell the
// results apart. GenerateConstraintPair respells one path instead.

// seededStrings are the string operands and values drawn.
var seededStrings = []string{
	"", "a", "a/b", "a/", "acme/app", "acme/app/sub", "acme/docs", "/srv/acme", "/srv/acme/",
	"/srv/acme/x", "/srv/acme-secrets", "/srv/acme/../etc", "/srv/acme/%2e%2e/etc", "/srv/acme/a%2Fb",
	"café", "cafe\u0301", "/", "a/./b", "x%41", "100%", "A/App",
}

// seededGlobs are the glob operands drawn.
var seededGlobs = []string{
	"*", "**", "a/*", "a/**", "?", "[ab]*", "acme/*", "acme/**", "/srv/acme/**", "/srv/acme/*",
	"*/app", "**/x", "a[!b]c", "/srv/*/x", "caf?", "%2A", `\*`, "/srv/acme/*/..", "a/*/", "/srv/acme", "/srv/acme*", "acme*", "/srv/acme/[!x]*", "/srv/acme/%2A", "[+-0]",
}

// seededValues are the non-string JSON values drawn, as written.
var seededValues = []string{`1`, `1.0`, `10e-1`, `2`, `true`, `false`, `null`, `"1"`, `[1,"a"]`, `{"k":"v"}`, `{"k":"v","j":1}`, `-0`, `0`}

// Modes are the three readings of an argument.
var Modes = []bound.Mode{bound.ModePlain, bound.ModeHierarchical, bound.ModeDual}

// Seeded draws constraints and bounds from one PRNG seed pair.
type Seeded struct{ r *rand.Rand }

// NewSeeded starts the draws of seed pair (s1, s2).
func NewSeeded(s1, s2 uint64) Seeded { return Seeded{rand.New(rand.NewPCG(s1, s2))} }

// IntN is a draw in [0, n).
func (g Seeded) IntN(n int) int { return g.r.IntN(n) }

func (g Seeded) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }

// value draws a string of seededStrings two times in three, else one of
// seededValues or, one time in as many, an object of two canonically
// equivalent names (collidingObject).
func (g Seeded) value() bound.Value {
	if g.r.IntN(3) == 0 {
		n := g.r.IntN(len(seededValues) + 1)
		if n == len(seededValues) {
			return collidingObject(g.r.IntN(len(nameRoots)), g.r.IntN(3), g.r.IntN(3))
		}
		if v, err := bound.ParseValue([]byte(seededValues[n])); err == nil {
			return v
		}
	}
	return bound.String(g.pick(seededStrings))
}

// Constraint draws one constraint: eq, in, prefix, glob, or an and of up
// to three, nested at most twice.
func (g Seeded) Constraint() bound.Constraint { return g.constraint(0) }

func (g Seeded) constraint(depth int) bound.Constraint {
	switch n := g.r.IntN(10); {
	case n < 2:
		return bound.Constraint{Op: bound.OpEq, Value: g.value()}
	case n < 4:
		vs := make([]bound.Value, g.r.IntN(4))
		for i := range vs {
			vs[i] = g.value()
		}
		return bound.Constraint{Op: bound.OpIn, Values: vs}
	case n < 6:
		return bound.Constraint{Op: bound.OpPrefix, Operand: g.pick(seededStrings)}
	case n < 9 || depth > 1:
		return bound.Constraint{Op: bound.OpGlob, Operand: g.pick(seededGlobs)}
	}
	c := bound.Constraint{Op: bound.OpAnd}
	for range 1 + g.r.IntN(3) {
		c.And = append(c.And, g.constraint(depth+1))
	}
	return c
}

// SeededTools and SeededArgs are the tool and argument names of the
// bounds drawn.
var (
	SeededTools = []string{"t", "u"}
	SeededArgs  = []string{"a", "b"}
)

// Bound draws a bound of up to two rules over SeededTools, each
// constraining each of SeededArgs or not.
func (g Seeded) Bound() bound.Bound {
	var b bound.Bound
	for range g.r.IntN(3) {
		r := bound.Rule{Tool: SeededTools[g.r.IntN(2)], Args: map[string]bound.Constraint{}}
		for _, a := range SeededArgs {
			if g.r.IntN(2) == 0 {
				r.Args[a] = g.constraint(0)
			}
		}
		b = append(b, r)
	}
	return b
}

// Calls draws n calls of SeededTools whose arguments are probe values of
// the constraints of bs, each argument present three times in four.
func (g Seeded) Calls(n int, bs ...bound.Bound) []bound.Call {
	var cs []bound.Constraint
	for _, b := range bs {
		for _, r := range b {
			for _, a := range SeededArgs { // in a fixed order, so the draws are a function of the seeds
				if k, ok := r.Args[a]; ok {
					cs = append(cs, k)
				}
			}
		}
	}
	ps := Probes(cs...)
	calls := make([]bound.Call, n)
	for j := range calls {
		calls[j] = bound.Call{Name: SeededTools[j%2], Arguments: map[string]bound.Value{}}
		for _, a := range SeededArgs {
			if g.r.IntN(4) != 0 {
				calls[j].Arguments[a] = ps[g.r.IntN(len(ps))]
			}
		}
	}
	return calls
}

// Probes derives values from the operands of cs: the operands, their
// extensions with and without '/', their dot-segment, percent-encoded, NFD
// and case variants, and values of the other JSON types.
func Probes(cs ...bound.Constraint) []bound.Value {
	out := make([]bound.Value, 0, 128+len(seededProbes()))
	var ops []string
	var walk func(c bound.Constraint)
	walk = func(c bound.Constraint) {
		switch c.Op {
		case bound.OpEq:
			out = append(out, c.Value)
		case bound.OpIn:
			out = append(out, c.Values...)
		case bound.OpPrefix:
			ops = append(ops, c.Operand)
		case bound.OpGlob:
			ops = append(ops, c.Operand,
				strings.ReplaceAll(c.Operand, "**", "x/y"),
				strings.ReplaceAll(c.Operand, "*", "x"),
				strings.ReplaceAll(c.Operand, "*", ""),
				strings.ReplaceAll(c.Operand, "?", "a"),
				strings.ReplaceAll(strings.ReplaceAll(c.Operand, "[ab]", "a"), "[!b]", "x"))
		case bound.OpAnd:
			for _, e := range c.And {
				walk(e)
			}
		}
	}
	for _, c := range cs {
		walk(c)
	}
	for _, s := range ops {
		out = appendVariants(out, s)
	}
	return append(out, seededProbes()...)
}

// appendVariants appends the probes derived from one operand s.
func appendVariants(out []bound.Value, s string) []bound.Value {
	for _, v := range []string{s, s + "x", s + "/x", s + "/x/y", s + "/", s + "/../x", s + "/%2e%2e/x",
		s + "%2Fx", strings.TrimSuffix(s, "/"), strings.ToUpper(s), strings.ReplaceAll(s, "é", "e\u0301"),
		strings.ReplaceAll(s, "e\u0301", "é"), strings.ReplaceAll(s, "/", "//")} {
		out = append(out, bound.String(v))
	}
	return out
}

// seededProbes are the probes every call of Probes ends with, made once:
// the variants of each of seededStrings, then the seededValues that parse,
// then the collidingProbes.
var seededProbes = sync.OnceValue(func() []bound.Value {
	var out []bound.Value
	for _, s := range seededStrings {
		out = appendVariants(out, s)
	}
	for _, raw := range seededValues {
		if v, err := bound.ParseValue([]byte(raw)); err == nil {
			out = append(out, v)
		}
	}
	return append(out, collidingProbes()...)
})
