package gen

import "github.com/canonfuzz/canonfuzz/targets/bound"

// GenerateReadingProbe turns data into a reading of the bound language
// (bound.Reading: each open point's choice, one value past the choices,
// and the hardening bits, a bit past them included) and the provenance
// object GenerateFlawedProvenance makes of the rest of data. The reading
// is read first, one byte a field. It never fails.
func GenerateReadingProbe(data []byte) (bound.Reading, []byte) {
	s := newSource(data)
	r := bound.Reading{
		Undeclared: bound.Mode(s.intn(4)),
		Prefix:     bound.PrefixReading(s.intn(3)),
		EmptyAnd:   bound.EmptyAndReading(s.intn(3)),
		JSON:       bound.JSONReading(s.intn(4)),
		Harden:     bound.Hardening(s.intn(2*int(bound.HardenAll) + 2)), // every layer, and the bit past them
	}
	rest := data[min(len(data), 5):]
	prov, _ := GenerateFlawedProvenance(rest)
	return r, prov
}
