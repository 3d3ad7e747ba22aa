package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// FuzzMeetExact (fuzz/bound): the meet bound.MeetConstraints writes of two
// constraints gen.Seeded draws admits a probe iff both do, in every
// reading.
var _ = register(Target{
	Name: "FuzzMeetExact", Stub: "fuzz/bound/meet_test.go",
	Checks:  "the meet of two drawn constraints admits a probe iff both do, in every reading",
	Input:   "a PRNG seed pair (gen.Seeded)",
	Oracles: []string{"bound.Admitter"},
	Seeds: append(seedPairs(16, 7, 3, "a PRNG seed pair of the constraint generator"),
		seeds.Of("raw-prefixes-nest", `prefix "/srv/acme/../etc" and prefix "/srv/acme/": one extends the other as written, not once canonicalized`,
			uint64(13148063854304952320), uint64(0))),
	Planted: []Variant{
		{Fault: "operands compared before canonicalizing", Impl: planted.MeetRawOperands},
	},
}, onArgs(bound.MeetConstraints, property.MeetExact))

// seedPairs are n PRNG seed pairs (i, i*mul+add).
func seedPairs(n, mul, add int, comment string) []seeds.Seed {
	var out []seeds.Seed
	for i := range n {
		out = append(out, seeds.Of("pcg-"+seeds.Hex16(uint64(i)), comment, uint64(i), uint64(i*mul+add)))
	}
	return out
}
