package gen

import (
	"testing"

	fuzzheaders "github.com/AdaLogics/go-fuzz-headers"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// naiveMember is what a generator written the obvious way with
// ConsumeFuzzer.GenerateStruct would fill: a struct that begins with a
// string.
type naiveMember struct {
	Name  string
	Num   float64
	Elems []string
}

// TestYield measures, over 10,000 random inputs of up to 512 bytes, how
// many give a value that admission accepts (all must), how many a value with at least one member
// or element, how often each Feature occurs, and, for comparison, how many
// GenerateStruct can fill a struct that begins with a string from.
func TestYield(t *testing.T) {
	inputs := randomInputs(4, 10000)
	var admitted, nonEmpty, naive int
	counts := map[Feature]int{}
	for _, data := range inputs {
		v := Generate(data)
		if admit.Scan(Write(v, 0), admit.Options{}) == nil {
			admitted++
		}
		if len(v.Elems) > 0 || len(v.Members) > 0 || v.Kind < Array {
			nonEmpty++
		}
		f := Features(v)
		for _, one := range AllFeatures() {
			if f&one != 0 {
				counts[one]++
			}
		}
		var m naiveMember
		if fuzzheaders.NewConsumer(data).GenerateStruct(&m) == nil {
			naive++
		}
	}
	n := float64(len(inputs))
	t.Logf("%d random inputs: admitted values %.3f, non-empty values %.3f; GenerateStruct on a struct beginning with a string %.3f",
		len(inputs), float64(admitted)/n, float64(nonEmpty)/n, float64(naive)/n)
	for _, one := range AllFeatures() {
		t.Logf("  %-13v %.3f", one, float64(counts[one])/n)
	}
	if admitted != len(inputs) {
		t.Errorf("%d of %d inputs give a value admission refuses", len(inputs)-admitted, len(inputs))
	}
	if float64(nonEmpty)/n < 0.5 {
		t.Errorf("only %d of %d inputs give a non-empty value", nonEmpty, len(inputs))
	}
	for _, one := range AllFeatures() {
		if counts[one] == 0 {
			t.Errorf("no input gives a value with %v", one)
		}
	}
}
