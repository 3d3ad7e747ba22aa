package fuzz_test

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
)

// plantedLimit bounds the executions a property gets to find its fault.
const plantedLimit = 100000

// plantedCase is one fuzz target's property run against one planted fault.
type plantedCase struct {
	target string                    // the fuzz target whose property this is
	fault  string                    // the fault planted
	seeds  [][]byte                  // the target's seeds
	next   func(r *rand.Rand) []byte // the stream of inputs that stands in for the fuzzer
	check  func(input []byte) error  // the property, with the faulty variant under test
}

// plantedCases pairs every property with the faults it must find.
func plantedCases() []plantedCase {
	raw := func(impl canonicalizer) func([]byte) error {
		return func(in []byte) error { return canonicalizeMatchesOracles(impl, goOracles, in) }
	}
	generated := func(impl canonicalizer) func([]byte) error {
		return func(in []byte) error { return generatedWritingsAgree(impl, goOracles, in) }
	}
	var rawSeeds, generatedData, numberData, digestData, globData, meetData [][]byte
	for _, s := range canonicalizeSeeds {
		rawSeeds = append(rawSeeds, []byte(s.input))
	}
	for _, s := range generatedSeeds {
		generatedData = append(generatedData, []byte(s.data))
	}
	for _, s := range numberSeeds {
		numberData = append(numberData, binary.BigEndian.AppendUint64(nil, s.bits))
	}
	for _, s := range digestSeeds {
		digestData = append(digestData, []byte(s.data))
	}
	for _, s := range globSeeds {
		globData = append(globData, []byte(s.data))
	}
	for _, s := range meetSeeds {
		meetData = append(meetData, []byte(s.data))
	}
	return []plantedCase{
		{"FuzzCanonicalizeMatchesOracles", "members sorted by code point", rawSeeds, rawInput, raw(planted.CodePointOrder)},
		{"FuzzCanonicalizeMatchesOracles", "last duplicate wins", rawSeeds, rawInput, raw(planted.LastWins)},
		{"FuzzCanonicalizeMatchesOracles", "U+FFFD for invalid UTF-8 and lone surrogates", rawSeeds, rawInput, raw(planted.Substitute)},
		{"FuzzCanonicalizeGeneratedValue", "members sorted by code point", generatedData, randomData, generated(planted.CodePointOrder)},
		{"FuzzNumberFromBits", "Go's 'g' format for numbers", numberData, randomData, func(in []byte) error {
			return numberMatchesOracles(planted.GoNumber, goOracles, bitsOf(in))
		}},
		{"FuzzDigestRepresentationInvariant", "digest over encoding/json", digestData, randomData, func(in []byte) error {
			return digestRepresentationInvariant(planted.DigestViaEncodingJSON, in)
		}},
		{"FuzzGlobGeneratedMatchesReference", "* crossing /", globData, randomData, func(in []byte) error {
			return globGeneratedMatchesReference(planted.GlobStarCrossesSlash, in)
		}},
		{"FuzzMeetExactOnSpellings", "operands compared before canonicalizing", meetData, randomData, func(in []byte) error {
			return meetExactOnSpellings(planted.MeetRawOperands, in)
		}},
	}
}

// bitsOf reads the first eight bytes of in as a double's bits, as the Go
// fuzzer hands a uint64 argument.
func bitsOf(in []byte) uint64 {
	var b [8]byte
	copy(b[:], in)
	return binary.BigEndian.Uint64(b[:])
}

// randomData is up to 512 random bytes: a generator input.
func randomData(r *rand.Rand) []byte {
	b := make([]byte, r.IntN(513))
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// rawInput is a JSON text as the fuzzer might hold one: a random writing
// of a generated value, a hostile writing of one, or either with one byte
// changed, inserted or removed.
func rawInput(r *rand.Rand) []byte {
	v := gen.Generate(randomData(r))
	var text []byte
	if r.IntN(2) == 0 {
		text = gen.Write(v, r.Uint64()|1)
	} else {
		text, _ = gen.Hostile(v, r.Uint64())
	}
	if r.IntN(3) == 0 && len(text) > 0 {
		i := r.IntN(len(text))
		switch r.IntN(3) {
		case 0:
			text[i] = byte(r.Uint32())
		case 1:
			text = slices.Insert(text, i, byte(r.Uint32()))
		default:
			text = slices.Delete(text, i, i+1)
		}
	}
	return text
}

// mutate applies one to three of the Go fuzzer's kinds of byte mutation
// (a byte set, inserted or removed, a span copied over or into another
// place) to a copy of b.
func mutate(b []byte, r *rand.Rand) []byte {
	b = slices.Clone(b)
	for n := 1 + r.IntN(3); n > 0; n-- {
		if len(b) == 0 {
			b = append(b, byte(r.Uint32()))
			continue
		}
		i, j := r.IntN(len(b)), r.IntN(len(b))
		switch r.IntN(5) {
		case 0:
			b[i] = byte(r.Uint32())
		case 1:
			b = slices.Insert(b, i, byte(r.Uint32()))
		case 2:
			b = slices.Delete(b, i, i+1)
		case 3: // a span copied over another
			span := b[i:min(len(b), i+1+r.IntN(16))]
			copy(b[j:], span)
		default: // a span copied into another place
			span := slices.Clone(b[i:min(len(b), i+1+r.IntN(16))])
			b = slices.Insert(b, j, span...)
		}
	}
	return b
}

// firstFinding runs check on next's inputs until it fails or limit runs
// out, and returns the executions it took (0: not found), the time and
// the finding.
func firstFinding(check func([]byte) error, next func() []byte, limit int) (int, time.Duration, error) {
	began := time.Now()
	for n := 1; n <= limit; n++ {
		if err := check(next()); err != nil {
			return n, time.Since(began), err
		}
	}
	return 0, time.Since(began), nil
}

// TestPlantedFaultsAreFound runs each fuzz target's property against
// faulty variants of its target (package planted) and requires it to find
// each fault, from a seeded stream of generated and mutated inputs, within
// plantedLimit executions. It also logs which seed finds the fault, and
// how long blind mutation (no coverage guidance) of the seeds that do not
// find it takes; docs/PLANTED-FAULTS.md records the numbers.
func TestPlantedFaultsAreFound(t *testing.T) {
	for _, c := range plantedCases() {
		t.Run(c.target+"/"+c.fault, func(t *testing.T) {
			seedAt := -1
			var blind [][]byte
			for i, s := range c.seeds {
				if c.check(s) == nil {
					blind = append(blind, s)
				} else if seedAt < 0 {
					seedAt = i
				}
			}
			r := rand.New(rand.NewPCG(8785, 3246))
			n, took, err := firstFinding(c.check, func() []byte { return c.next(r) }, plantedLimit)
			if n == 0 {
				t.Fatalf("%s does not find %q in %d executions", c.target, c.fault, plantedLimit)
			}
			t.Logf("%s finds %q: generated stream %d executions, %v; first seed to find it: %d of %d",
				c.target, c.fault, n, took.Round(time.Microsecond), seedAt, len(c.seeds))
			t.Logf("the finding: %.600v", err)
			if len(blind) == 0 {
				return
			}
			m, took, _ := firstFinding(c.check, func() []byte { return mutate(blind[r.IntN(len(blind))], r) }, plantedLimit)
			t.Logf("%s finds %q by blind mutation of the %d seeds that miss it: %d executions (0: not within %d), %v",
				c.target, c.fault, len(blind), m, plantedLimit, took.Round(time.Millisecond))
		})
	}
}
