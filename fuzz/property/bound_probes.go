package property

import (
	"sync"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// The meet properties judge a few hundred probe values against three to
// five constraints in six readings per input, and the probes of one
// input are mostly those of the last (gen.Probes derives them from fixed
// operand lists). Canonicalizing a probe (SEP-3246 section 3.2.2: NFC,
// percent-decoding, dot segments, folding) is the reference's cost, not
// the meet's, so it is done once per distinct probe and reading and
// remembered across inputs. The answers are those of bound's own
// canonicalization: only the repetition is gone (docs/PERFORMANCE.md,
// "Fuzz target throughput").

// probe is one probe value and the key it is remembered by: the string
// for a string, else its JSON, apart; collides is namesCollide(v).
type probe struct {
	v        bound.Value
	key      string
	isText   bool
	collides bool
}

// distinctProbes is probes without repeats, in the order of first
// appearance, so that a violation names the probe the full list would
// have named first. A value that does not marshal is kept, unremembered.
func distinctProbes(probes []bound.Value) []probe {
	out := make([]probe, 0, len(probes))
	seen := make(map[probeName]bool, len(probes))
	for _, v := range probes {
		p := probe{v: v, key: v.Str, isText: v.Kind == bound.KindString}
		if !p.isText {
			p.collides = namesCollide(v)
			j, err := v.MarshalJSON()
			if err != nil {
				out = append(out, probe{v: v, collides: p.collides})
				continue
			}
			p.key = string(j)
		}
		if n := (probeName{p.key, p.isText}); !seen[n] {
			seen[n] = true
			out = append(out, p)
		}
	}
	return out
}

// probeName is the memo's key of a probe.
type probeName struct {
	key    string
	isText bool
}

// probeMemoCap bounds the remembered probes; the memo starts again when
// full, so that arbitrary generated strings (FuzzMeetExactOnSpellings)
// cannot grow it without end.
const probeMemoCap = 1 << 14

// probeForms are one probe's canonical forms by reading and folding
// (index readingIndex), and which of them are made.
type probeForms struct {
	made  uint8
	forms [6]bound.Canonical
}

var probeMemo struct {
	sync.Mutex
	forms map[probeName]*probeForms
}

// readingIndex numbers the six readings and foldings of gen.Modes.
func readingIndex(m bound.Mode, fold bool) (int, bool) {
	var i int
	switch m {
	case bound.ModePlain:
	case bound.ModeHierarchical:
		i = 2
	case bound.ModeDual:
		i = 4
	default:
		return 0, false
	}
	if fold {
		i++
	}
	return i, true
}

// canonical is bound.CanonicalValue(p.v, m, fold), remembered.
func (p probe) canonical(m bound.Mode, fold bool) bound.Canonical {
	i, ok := readingIndex(m, fold)
	if !ok || (p.key == "" && !p.isText) {
		return bound.CanonicalValue(p.v, m, fold)
	}
	n := probeName{p.key, p.isText}
	probeMemo.Lock()
	defer probeMemo.Unlock()
	f := probeMemo.forms[n]
	if f == nil {
		if probeMemo.forms == nil || len(probeMemo.forms) >= probeMemoCap {
			probeMemo.forms = make(map[probeName]*probeForms, probeMemoCap)
		}
		f = &probeForms{}
		probeMemo.forms[n] = f
	}
	if f.made&(1<<i) == 0 {
		f.forms[i] = bound.CanonicalValue(p.v, m, fold)
		f.made |= 1 << i
	}
	return f.forms[i]
}
