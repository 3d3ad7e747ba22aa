package property

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ReadingChecker decides a call by a reading: bound.Reading.CheckLayered,
// or a planted variant.
type ReadingChecker = func(r bound.Reading, provenance, params []byte, c bound.Canon) bound.Decision

// readingProbeCall is the call every reading is asked about: one the
// generated chains' rules constrain.
const readingProbeCall = `{"name":"read_file","arguments":{"path":"/srv/acme/x"}}`

// refReadingValid says whether a reading's every field is one of its
// documented choices (bound.Reading, bound.OpenPoints): three for an
// undeclared string (dual, hierarchical, plain), two for a prefix and for
// an empty and, three JSON readings, seven hardening layers (bit 0
// encoded-structure to bit 6 path-root, the table of targets/bound's
// reading.go); TestReferenceReadingKnowsEveryLayer fails when a layer is
// added there and not here.
func refReadingValid(r bound.Reading) bool {
	return r.Undeclared < 3 && r.Prefix < 2 && r.EmptyAnd < 2 && r.JSON < 3 && r.Harden < 1<<7
}

// ReadingsReadProvenanceAsDocumented, on the reading and the provenance
// object gen.GenerateReadingProbe makes of data: a reading with a field no
// choice names admits nothing and says so (class reading:invalid-admits,
// reading:invalid-not-said); a valid one refuses the provenance as
// malformed exactly when the reference reader under the reading's rules
// (no limits; unknown members only under HardenUnknownMembers; an empty
// and only under EmptyAndMalformed) finds a fault (reading:accepts-malformed,
// reading:refuses-well-formed). Every JSON reading reads an admitted
// document alike, so the reference reads the strict decode.
func ReadingsReadProvenanceAsDocumented(check ReadingChecker, data []byte) *Violation {
	const name = "ReadingsReadProvenanceAsDocumented"
	r, prov := gen.GenerateReadingProbe(data)
	d := check(r, prov, []byte(readingProbeCall), bound.Canon{})
	if !refReadingValid(r) {
		switch {
		case d.Admit:
			return violated(name, "reading:invalid-admits", "%+v admits: %s", r, d.Reason)
		case !strings.Contains(d.Reason, "invalid reading"):
			return violated(name, "reading:invalid-not-said", "%+v: %s", r, d.Reason)
		}
		return nil
	}
	if admit.Reference(prov, admit.Options{}) != nil {
		return nil
	}
	v, err := bound.DecodeAdmitted(prov)
	if err != nil {
		return nil
	}
	fault := refRules{closed: r.Harden&bound.HardenUnknownMembers != 0, emptyAnd: r.EmptyAnd == bound.EmptyAndMalformed}.read(v)
	malformed := !d.Admit && strings.HasPrefix(d.Reason, "malformed provenance")
	switch {
	case fault != nil && !malformed:
		return violated(name, "reading:accepts-malformed", "%v on %s: %s; the reference finds a fault at %q", r, prov, d.Reason, fault.pointer)
	case fault == nil && malformed:
		return violated(name, "reading:refuses-well-formed", "%v on %s: %s", r, prov, d.Reason)
	}
	return nil
}
