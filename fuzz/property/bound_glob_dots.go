package property

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// dotSegmentPastWildcard reports whether resolving the dot segments of a
// glob operand (SEP-3246 section 3.2.2 step 3, segment by segment) would
// take a ".." back over a segment with a wildcard, which targets/bound
// documents as unresolvable: "a/*/.." could be "a" or nothing. known is
// false for an operand whose segments this reference does not read alike
// (an escape, a class or a percent-encoding, which bound reads first).
func dotSegmentPastWildcard(pattern string) (past, known bool) {
	if strings.ContainsAny(pattern, `\[%`) {
		return false, false
	}
	var kept []string
	for _, seg := range strings.Split(pattern, "/") {
		switch seg {
		case "", ".":
		case "..":
			if len(kept) == 0 {
				return false, false // above the root: another refusal
			}
			if strings.ContainsAny(kept[len(kept)-1], "*?") {
				return true, true
			}
			kept = kept[:len(kept)-1]
		default:
			kept = append(kept, seg)
		}
	}
	return false, true
}

// globDotSegments holds the glob constraints among cs to
// dotSegmentPastWildcard: under a reading that normalizes paths
// (hierarchical or dual), a glob whose ".." would climb back over a
// wildcard admits no probe (class glob:dot-past-wildcard).
func globDotSegments(property string, admitter constraintAdmits, cs []bound.Constraint, m bound.Mode, fold bool, probes []bound.Value) *Violation {
	if m == bound.ModePlain {
		return nil
	}
	for _, c := range cs {
		if c.Op != bound.OpGlob {
			continue
		}
		if past, known := dotSegmentPastWildcard(c.Operand); !past || !known {
			continue
		}
		admits := admitter(c, m, fold)
		for _, p := range probes {
			if admits(p) {
				jc, _ := c.MarshalJSON()
				jp, _ := p.MarshalJSON()
				return violated(property, "glob:dot-past-wildcard", "%s admits %s under %v: a '..' after a wildcard segment cannot be resolved, so the glob admits nothing", jc, jp, m)
			}
		}
	}
	return nil
}
