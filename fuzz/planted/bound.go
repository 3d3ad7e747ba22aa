package planted

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
	"golang.org/x/text/unicode/norm"
)

// CanonDecodesOnce canonicalizes a hierarchical argument with one round
// of percent-decoding where SEP-3246 section 3.2.2 step 2 decodes to a
// fixed point: "%2561" comes out "%61", which canonicalizing again makes
// "a". The plain reading is bound's own.
func CanonDecodesOnce(s string, m bound.Mode, fold bool) (string, error) {
	if m != bound.ModeHierarchical || !strings.Contains(s, "%25") {
		return bound.CanonicalizeString(s, m, fold)
	}
	d, err := unescape(norm.NFC.String(s))
	if err != nil {
		return "", err
	}
	if strings.Contains(d, "%") {
		return d, nil // the fault: a second level of encoding left in
	}
	return bound.CanonicalizeString(d, m, fold)
}

// MeetRulesDropOneSided is bound.MeetBounds except that two rules for one
// tool are met on the arguments both constrain only: an argument one rule
// constrains and the other leaves free is dropped instead of kept, so the
// meet admits values the first rule denies.
func MeetRulesDropOneSided(a, b bound.Bound, c bound.Canon) (bound.Bound, error) {
	var out bound.Bound
	for _, ra := range a {
		for _, rb := range b {
			if ra.Tool != rb.Tool {
				continue
			}
			m := bound.Rule{Tool: ra.Tool, Args: map[string]bound.Constraint{}}
			ok := true
			for name, ca := range ra.Args {
				cb, both := rb.Args[name]
				if !both {
					continue // the fault
				}
				met, nonEmpty := bound.MeetConstraints(ca, cb, c.ModeOf(ra.Tool, name), c.Fold)
				if !nonEmpty {
					ok = false
					break
				}
				m.Args[name] = met
			}
			if ok {
				out = append(out, m)
			}
		}
	}
	return out, nil
}

// EffBoundPrefixWins is bound.EffBound with a fault planted: where one
// rule constrains an argument by a prefix and the other by a glob, the met
// rule keeps the prefix alone, and so admits what the glob refuses.
func EffBoundPrefixWins(p *bound.Provenance, c bound.Canon) (bound.Bound, error) {
	if len(p.Chain) == 0 {
		return nil, nil
	}
	eff := p.Chain[0].Bound
	for _, h := range p.Chain[1:] {
		var next bound.Bound
		for _, a := range eff {
			for _, b := range h.Bound {
				m, ok := bound.MeetRules(a, b, c)
				if !ok {
					continue
				}
				for name, ca := range a.Args {
					if cb, both := b.Args[name]; both && ca.Op == bound.OpPrefix && cb.Op == bound.OpGlob {
						m.Args[name] = ca
					}
				}
				next = append(next, m)
			}
		}
		eff = next
	}
	return eff, nil
}

// ReadingIgnoresUnknownMembers decides by a reading as
// bound.Reading.CheckLayered does, but reads the provenance object as if
// HardenUnknownMembers were off: a misspelt "args" is ignored under the
// layer that should refuse it (findings/spec/rule-unknown-member.md).
func ReadingIgnoresUnknownMembers(r bound.Reading, provenance, params []byte, c bound.Canon) bound.Decision {
	r.Harden &^= bound.HardenUnknownMembers
	return r.CheckLayered(provenance, params, c)
}

// ReadingIgnoresQueryInPath decides by a reading as
// bound.Reading.CheckLayered does, but canonicalizes as if
// HardenQueryInPath were off: "/srv/acme/..?x", which a file server and a
// URI parser read as different directories, is admitted under the layer
// that should refuse it (findings/spec/canon-query-in-path.md).
func ReadingIgnoresQueryInPath(r bound.Reading, provenance, params []byte, c bound.Canon) bound.Decision {
	r.Harden &^= bound.HardenQueryInPath
	return r.CheckLayered(provenance, params, c)
}
