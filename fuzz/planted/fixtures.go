package planted

import (
	"errors"
	"slices"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/minimize"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// The planted canonicalizers the minimizers are measured on
// (docs/MINIMIZE.md, fuzz/minimize/compare.sh, fuzz/minimize/compare-libfuzzer.sh):
// fixtures, whose fuzz targets (FuzzPlantedLastWins and the libFuzzer
// entry points of fuzz/minimize/libfuzzercompare) fuzz the fault itself rather
// than hold a real target to a property.
var fixtures = map[string]func([]byte) ([]byte, error){
	"LastWins":       LastWins,
	"Substitute":     Substitute,
	"CodePointOrder": CodePointOrder,
	"EncodingJSON":   EncodingJSON,
}

// Fixtures lists the names Signer takes, sorted.
func Fixtures() []string {
	names := make([]string, 0, len(fixtures))
	for n := range fixtures {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// FixtureTargets are the fuzz targets of the fixtures, each with its
// fixture's name: the native one (build tag minimizecompare) and the
// libFuzzer entry points.
var FixtureTargets = map[string]string{
	"FuzzPlantedLastWins":       "LastWins",
	"FuzzPlantedSubstitute":     "Substitute",
	"FuzzPlantedCodePointOrder": "CodePointOrder",
	"FuzzPlantedEncodingJSON":   "EncodingJSON",
}

// Signer holds the fixture name to targets/jcs with
// property.CanonicalizeMatchesJCS and signs its departure
// planted:NAME:CLASS (admits:KIND, refuses, output-differs). It returns
// false for a name Fixtures does not list.
func Signer(name string) (minimize.Signer, bool) {
	impl, ok := fixtures[name]
	if !ok {
		return nil, false
	}
	// An in-process oracle of this module, whose version reads "planted".
	c := oracle.NewLibrary("planted/"+name, "github.com/canonfuzz/canonfuzz", "planted", impl)
	return minimize.SignerFunc(func(in []byte) minimize.Signature {
		if v := property.CanonicalizeMatchesJCS(c, in); v != nil {
			return minimize.Signature("planted:" + name + ":" + v.Class)
		}
		return minimize.Pass
	}), true
}

// EncodingJSON is jcs.Canonicalize, except that what jcs refuses for a
// duplicate name or for a string that is not Unicode scalars it reads the
// way encoding/json does instead, keeping the last member of a name and
// turning invalid UTF-8 and lone surrogates into U+FFFD. Its signature is
// jcs's first refusal, so one input can hold both faults: a duplicate
// first and a lone surrogate after it signs admits:DuplicateMember, and
// the same input without the duplicate admits:StringNotScalar.
func EncodingJSON(in []byte) ([]byte, error) {
	out, err := jcs.Canonicalize(in, admit.Options{})
	if !errors.Is(err, admit.DuplicateMember) && !errors.Is(err, admit.StringNotScalar) {
		return out, err
	}
	v, rerr := gen.Read(in, gen.ReadOptions{LastWins: true, Substitute: true})
	if rerr != nil {
		return nil, err
	}
	return gen.Canonical(v), nil
}
