package spec

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// Variant is one planted fault of one fuzz target, declared in the
// target's spec file (Target.Planted): the implementation the target's
// property is checked on instead of the real one, from fuzz/planted.
// register refuses a variant whose implementation the property does not
// take, so a spec file and its faults cannot drift apart.
type Variant struct {
	Target string // the fuzz target; register sets it
	Fault  string // what is planted
	Impl   any    // of the type the target's property checks
	// Seeds are inputs beyond the target's that expose the fault: an
	// input the fault's class is written for, which the target's seeds
	// cannot hold yet (the real target fails on it too).
	Seeds []property.Input
	// Efficacy marks the faults the efficacy benchmark (`make efficacy`,
	// docs/EFFICACY.md) runs the campaign against: every area, in-process
	// targets only, so that a run of the whole list stays within minutes.
	Efficacy bool
}

// Binding plugs the variant into its target's property.
func (v Variant) Binding() (Binding, error) {
	t, ok := Lookup(v.Target)
	if !ok {
		return Binding{}, fmt.Errorf("spec: %s is not a fuzz target of the registry", v.Target)
	}
	return t.With(v.Impl)
}

// Variants lists every planted fault, by target in registry order and in
// the order each spec file lists them.
func Variants() []Variant {
	var out []Variant
	for _, t := range registry() {
		out = append(out, t.Planted...)
	}
	return out
}

// EfficacyFaults names the variants marked Efficacy.
func EfficacyFaults() []string {
	var out []string
	for _, v := range Variants() {
		if v.Efficacy {
			out = append(out, v.Name())
		}
	}
	return out
}

// Name names the variant for the efficacy benchmark and the planted build
// of the fuzz targets (fuzz/native's CANONFUZZ_PLANTED): its target and its
// fault in lower-case words joined by '-', such as
// "FuzzScanMatchesReference/duplicates-admitted" (a lone * is "star", a lone / "slash").
func (v Variant) Name() string {
	words := strings.Fields(strings.ToLower(v.Fault))
	for i, w := range words {
		switch w {
		case "*":
			words[i] = "star"
		case "/":
			words[i] = "slash"
		}
	}
	var b strings.Builder
	dash := false
	for _, r := range strings.Join(words, " ") {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '+' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return v.Target + "/" + b.String()
}

// LookupVariant returns the variant of that Name.
func LookupVariant(name string) (Variant, bool) {
	for _, v := range Variants() {
		if v.Name() == name {
			return v, true
		}
	}
	return Variant{}, false
}

// AllSeeds lists the seeds a planted build of the variant's fuzz target
// adds, in the order it adds them: the target's (SeedsOf), then the
// variant's own, named "planted-N". A failing seed#N of the engine's replay
// is the N-th of this list.
func (v Variant) AllSeeds() ([]seeds.Seed, error) {
	list, err := SeedsOf(v.Target)
	if err != nil {
		return nil, err
	}
	for i, in := range v.Seeds {
		list = append(list, seeds.Seed{Name: fmt.Sprintf("planted-%d", i), Comment: "the variant's own seed: " + v.Fault, Values: in})
	}
	return list, nil
}
