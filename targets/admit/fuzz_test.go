package admit_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/go-json-experiment/json/jsontext"
)

// fuzzOptions are the rule sets every fuzz input is scanned under: both
// profiles, depth caps small enough for short inputs to cross, and a size
// cap short inputs reach.
var fuzzOptions = []admit.Options{
	{},
	{Profile: admit.IJSON},
	{MaxDepth: 1},
	{Profile: admit.IJSON, MaxDepth: 2},
	{MaxDepth: 3, MaxSize: 24},
}

// maxSeed is the largest table input used as a seed. The cap tables hold
// inputs of megabytes (the 20 MiB size cap, ten million brackets); the
// table tests run those, and as seeds they would make every mutation of
// them cost milliseconds.
const maxSeed = 4 << 10

// addSeeds adds every table input of at most maxSeed bytes, every vector
// payload and a few hundred generated texts and numbers to f. It fails
// when the tables or the vector folder give no seed: a fuzz target without
// them replays nothing.
func addSeeds(f *testing.F) {
	n := 0
	for _, cases := range tables() {
		for _, c := range cases {
			if in := c.input(); len(in) <= maxSeed {
				f.Add(in)
				n++
			}
		}
	}
	if n == 0 {
		f.Fatal("the tables give no seed")
	}
	vectors, err := readVectors(vectorDir)
	if err != nil {
		f.Fatal(err)
	}
	for _, v := range vectors {
		f.Add(v.payload)
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200; i++ {
		f.Add(generatedText(r))
		f.Add([]byte(numberToken(r)))
	}
	if len(vectors) == 0 {
		f.Fatalf("no vectors in %s to seed from", vectorDir)
	}
}

// sameVerdict says how two verdicts differ in kind or offset, or "".
func sameVerdict(scan, ref error) string {
	var se, re *admit.Error
	sok, rok := errors.As(scan, &se), errors.As(ref, &re)
	switch {
	case scan == nil && ref == nil:
		return ""
	case !sok && scan != nil, !rok && ref != nil:
		return fmt.Sprintf("not an *admit.Error: Scan %v, Reference %v", scan, ref)
	case scan == nil || ref == nil || se.Kind != re.Kind || se.Offset != re.Offset:
		return fmt.Sprintf("Scan %v, Reference %v", scan, ref)
	}
	return ""
}

// FuzzScanMatchesReference: for any bytes and options, Scan and Reference
// give the same kind at the same offset, or both admit; Scan is
// deterministic and leaves its input alone.
func FuzzScanMatchesReference(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, input []byte) {
		kept := bytes.Clone(input)
		for _, opts := range fuzzOptions {
			got := admit.Scan(input, opts)
			if again := admit.Scan(input, opts); !reflect.DeepEqual(got, again) {
				t.Fatalf("Scan(%q, %+v) not deterministic: %v, then %v", input, opts, got, again)
			}
			if !bytes.Equal(input, kept) {
				t.Fatalf("Scan(%q, %+v) wrote to its input", kept, opts)
			}
			if msg := sameVerdict(got, admit.Reference(input, opts)); msg != "" {
				t.Fatalf("input %q, options %+v: %s", input, opts, msg)
			}
		}
	})
}

// FuzzReferenceMatchesJSONText checks the reference itself against an
// independent parser, go-json-experiment's jsontext, which refuses invalid
// UTF-8, unpaired surrogates and duplicate names by default but knows
// nothing of number finiteness or our depth cap. Under the default profile
// with the largest cap: what Reference admits jsontext accepts; what
// jsontext accepts Reference admits, or refuses only as NumberNotFinite or
// TooDeep (so a Syntax or TrailingContent refusal is a text jsontext
// refuses too).
func FuzzReferenceMatchesJSONText(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, input []byte) {
		if msg := referenceVersusJSONText(input); msg != "" {
			t.Fatal(msg)
		}
	})
}

// referenceVersusJSONText is FuzzReferenceMatchesJSONText's property.
func referenceVersusJSONText(input []byte) string {
	err := admit.Reference(input, admit.Options{MaxDepth: admit.MaxDepthLimit})
	valid := jsontext.Value(input).IsValid()
	switch {
	case err == nil && !valid:
		return fmt.Sprintf("Reference admits %q, jsontext refuses it", input)
	case valid && err != nil && !errors.Is(err, admit.NumberNotFinite) && !errors.Is(err, admit.TooDeep):
		return fmt.Sprintf("jsontext accepts %q, Reference refuses it: %v", input, err)
	}
	return ""
}
