package gen

import "github.com/canonfuzz/canonfuzz/targets/bound"

// plantInvalidGlob is three in four of GenerateFlawedProvenance's operand
// flaws: a constraint of the chain whose operand is a string ({"prefix":
// p}, {"glob": g} or {"eq": s}, SEP-3246 section 3.2) becomes {"glob":
// the operand and a near miss of section 3.2.4's grammar} (globNearMisses,
// GenerateGlob's NearMiss shapes: an unclosed or empty class, a trailing
// backslash, a reversed range), so that a glob operand the dialect
// refuses reaches the provenance reader on purpose and not by the chance
// of a string flaw landing on a glob. The node byte chooses the
// constraint, the pick byte the near miss. It reports false, and changes
// nothing, when the chain has no such constraint.
func plantInvalidGlob(all []*bound.Value, node, pick int) bool {
	var sites []*bound.Member
	for _, v := range all {
		if v.Kind != bound.KindObject || len(v.Members) != 1 || v.Members[0].Value.Kind != bound.KindString {
			continue
		}
		if op := bound.Op(v.Members[0].Name); op == bound.OpPrefix || op == bound.OpGlob || op == bound.OpEq {
			sites = append(sites, &v.Members[0])
		}
	}
	if len(sites) == 0 {
		return false
	}
	m := sites[node%len(sites)]
	m.Name, m.Value = string(bound.OpGlob), bound.String(m.Value.Str+globNearMisses[pick%len(globNearMisses)])
	return true
}
