package admitfuzz

import (
	"math/rand/v2"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/native"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
)

// FuzzScanMatchesReference: admit.Scan against its slow twin admit.Reference.
func FuzzScanMatchesReference(f *testing.F) { native.Fuzz(f) }

// FuzzReferenceMatchesJSONText: admit.Reference against jsontext.
func FuzzReferenceMatchesJSONText(f *testing.F) { native.Fuzz(f) }

// FuzzSkipNumbersMatchesReadNumber: admission's number reader against
// jsonwire.ReadNumber.
func FuzzSkipNumbersMatchesReadNumber(f *testing.F) { native.Fuzz(f) }

// The admission properties on texts gen.Fragments builds from a fixed
// seed, so every run checks the same 30,000 inputs of each: texts that
// reach the corners of every rule, which byte-level fuzzing rarely
// assembles.
func TestScanMatchesReferenceOnGeneratedTexts(t *testing.T) {
	onFragments(t, "FuzzScanMatchesReference", rand.New(rand.NewPCG(8785, 7493)))
}

func TestReferenceMatchesJSONTextOnGeneratedTexts(t *testing.T) {
	onFragments(t, "FuzzReferenceMatchesJSONText", rand.New(rand.NewPCG(8259, 3629)))
}

func onFragments(t *testing.T, name string, r *rand.Rand) {
	target, _ := spec.Lookup(name)
	b := target.Real()
	failures := 0
	for i := 0; i < 30_000 && failures < 10; i++ {
		if v := b.Check(property.Input{gen.Fragments(r)}); v != nil {
			t.Error(v)
			failures++
		}
	}
}
