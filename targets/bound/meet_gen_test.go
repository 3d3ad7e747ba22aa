package bound

import (
	"math/rand/v2"
	"strings"
)

// Generated constraints and the probe values that tell them apart, for the
// meet law test and the meet soundness fuzz test.

var genStrings = []string{
	"", "a", "a/b", "a/", "acme/app", "acme/app/sub", "acme/docs", "/srv/acme", "/srv/acme/",
	"/srv/acme/x", "/srv/acme-secrets", "/srv/acme/../etc", "/srv/acme/%2e%2e/etc", "/srv/acme/a%2Fb",
	"café", "cafe\u0301", "/", "a/./b", "x%41", "100%", "A/App",
}

var genGlobs = []string{
	"*", "**", "a/*", "a/**", "?", "[ab]*", "acme/*", "acme/**", "/srv/acme/**", "/srv/acme/*",
	"*/app", "**/x", "a[!b]c", "/srv/*/x", "caf?", "%2A", `\*`, "/srv/acme/*/..", "a/*/", "/srv/acme", "/srv/acme*", "acme*", "/srv/acme/[!x]*", "/srv/acme/%2A", "[+-0]",
}

var genValues = []string{`1`, `1.0`, `10e-1`, `2`, `true`, `false`, `null`, `"1"`, `[1,"a"]`, `{"k":"v"}`, `{"k":"v","j":1}`, `-0`, `0`}

type gen struct{ r *rand.Rand }

func (g gen) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }

func (g gen) value() Value {
	if g.r.IntN(3) == 0 {
		v, err := decodeAdmitted([]byte(g.pick(genValues)))
		if err == nil {
			return v
		}
	}
	return String(g.pick(genStrings))
}

func (g gen) constraint(depth int) Constraint {
	switch n := g.r.IntN(10); {
	case n < 2:
		return Constraint{Op: OpEq, Value: g.value()}
	case n < 4:
		vs := make([]Value, g.r.IntN(4))
		for i := range vs {
			vs[i] = g.value()
		}
		return Constraint{Op: OpIn, Values: vs}
	case n < 6:
		return Constraint{Op: OpPrefix, Operand: g.pick(genStrings)}
	case n < 9 || depth > 1:
		return Constraint{Op: OpGlob, Operand: g.pick(genGlobs)}
	}
	c := Constraint{Op: OpAnd}
	for range 1 + g.r.IntN(3) {
		c.And = append(c.And, g.constraint(depth+1))
	}
	return c
}

// probes derives values from the operands of cs: the operands, their
// extensions with and without '/', their dot-segment, percent-encoded, NFD
// and case variants, and values of the other JSON types.
func probes(cs ...Constraint) []Value {
	var out []Value
	var ops []string
	var walk func(c Constraint)
	walk = func(c Constraint) {
		switch c.Op {
		case OpEq:
			out = append(out, c.Value)
		case OpIn:
			out = append(out, c.Values...)
		case OpPrefix:
			ops = append(ops, c.Operand)
		case OpGlob:
			ops = append(ops, c.Operand,
				strings.ReplaceAll(c.Operand, "**", "x/y"),
				strings.ReplaceAll(c.Operand, "*", "x"),
				strings.ReplaceAll(c.Operand, "*", ""),
				strings.ReplaceAll(c.Operand, "?", "a"),
				strings.ReplaceAll(strings.ReplaceAll(c.Operand, "[ab]", "a"), "[!b]", "x"))
		case OpAnd:
			for _, e := range c.And {
				walk(e)
			}
		}
	}
	for _, c := range cs {
		walk(c)
	}
	ops = append(ops, genStrings...)
	for _, s := range ops {
		for _, v := range []string{s, s + "x", s + "/x", s + "/x/y", s + "/", s + "/../x", s + "/%2e%2e/x",
			s + "%2Fx", strings.TrimSuffix(s, "/"), strings.ToUpper(s), strings.ReplaceAll(s, "é", "e\u0301"),
			strings.ReplaceAll(s, "e\u0301", "é"), strings.ReplaceAll(s, "/", "//")} {
			out = append(out, String(v))
		}
	}
	for _, raw := range genValues {
		if v, err := decodeAdmitted([]byte(raw)); err == nil {
			out = append(out, v)
		}
	}
	return out
}

var allModes = []Mode{ModePlain, ModeHierarchical, ModeDual}
