package planted_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
)

// unreachedByBytes are the efficacy faults (spec.EfficacyFaults) that Go's engine did
// not find from an empty corpus in 60 s while their targets read raw
// bytes only (docs/EFFICACY.md): each needs a construct a byte mutator
// does not write from nothing, which the targets' generated reading
// (fuzz/spec/read.go) makes.
var unreachedByBytes = []string{
	"FuzzScanMatchesReference/duplicates-admitted",
	"FuzzReferenceMatchesJSONText/noncharacters-refused-under-rfc-8785",
	"FuzzCanonicalizeFixedPoint/last-duplicate-wins",
	"FuzzCanonicalizeMatchesJSONText/members-sorted-by-code-point",
	"FuzzCompareUTF16MatchesReference/names-compared-by-code-point",
	"FuzzAppendNumberMatchesReference/go-s-g-format-for-numbers",
	"FuzzDecimalToFloatMatchesParseFloat/decided-with-two-roundings",
	"FuzzDigestRequestInvariant/digest-over-encoding-json",
	"FuzzArgumentCanonicalizationIdempotent/percent-decoded-once-not-to-a-fixed-point",
	"FuzzParse/a-prefix-met-with-a-glob-keeps-the-prefix",
	"FuzzDecide/last-duplicate-wins-no-admission-encoding-json",
}

// numberBugs are the real bugs of FuzzLibraryMatchesJCS that Go's engine
// rarely rediscovered from an empty corpus in 10 s before gen.GenerateText
// planted number shapes (2 and 0 trials of 10, docs/EFFICACY.md, "Real
// bugs rediscovered"): a number past the largest double, a number token
// outside RFC 8259 section 6's grammar.
var numberBugs = []string{
	"FuzzLibraryMatchesJCS/jsontext-writes-1e400-as-the-largest-double",
	"FuzzLibraryMatchesJCS/cyberphone-accepts-number-tokens",
}

// reachLimit bounds the seedless inputs each fault gets.
const reachLimit = 5000

// TestFaultsAreReachedWithoutSeeds: each fault of unreachedByBytes and
// numberBugs is
// found, on an input the real target passes, within reachLimit inputs
// drawn with no seed at all: byte strings of up to 40 random bytes and
// numbers as small as Go's engine steps them from zero (it adds or
// subtracts at most 100 at a time), the inputs an engine holds early
// from an empty corpus.
func TestFaultsAreReachedWithoutSeeds(t *testing.T) {
	byName := map[string]spec.Variant{}
	for _, v := range spec.Variants() {
		byName[v.Name()] = v
	}
	for _, name := range slices.Concat(unreachedByBytes, numberBugs) {
		t.Run(name, func(t *testing.T) {
			v, ok := byName[name]
			if !ok {
				t.Fatalf("no variant %s", name)
			}
			b, err := v.Binding()
			if err != nil {
				t.Fatal(err)
			}
			real := b.Target().Real()
			r := rand.New(rand.NewPCG(8785, 53))
			for n := 1; n <= reachLimit; n++ {
				in := seedless(r, b.Target().Params)
				if viol := b.Check(in); viol != nil && real.Check(in) == nil {
					t.Logf("found at input %d: %.300v", n, viol)
					return
				}
			}
			t.Fatalf("%s: not found in %d seedless inputs", name, reachLimit)
		})
	}
}

// seedless draws one input of params as TestFaultsAreReachedWithoutSeeds
// says.
func seedless(r *rand.Rand, params []property.Param) property.Input {
	var in property.Input
	for _, p := range params {
		switch p {
		case property.Bytes, property.String:
			d := make([]byte, r.IntN(41))
			for i := range d {
				d[i] = byte(r.Uint32())
			}
			if p == property.String {
				in = append(in, string(d))
			} else {
				in = append(in, d)
			}
		case property.Bool:
			in = append(in, r.IntN(2) == 0)
		case property.Uint8:
			in = append(in, uint8(r.IntN(256)))
		case property.Uint64:
			in = append(in, uint64(r.IntN(3000)))
		case property.Int:
			in = append(in, r.IntN(601)-300)
		}
	}
	return in
}
