package planted

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// Variant is one planted fault of one fuzz target: the implementation the
// target's property is checked on instead of the real one.
type Variant struct {
	Target string // the fuzz target of fuzz/spec's registry
	Fault  string // what is planted
	Impl   any    // of the type the target's property checks
	// Seeds are inputs beyond the catalogue's that expose the fault: an
	// input the fault's class is written for, which the target's seeds
	// cannot hold yet (the real target fails on it too).
	Seeds []property.Input
}

// Binding plugs the variant into its target's property.
func (v Variant) Binding() (spec.Binding, error) {
	t, ok := spec.Lookup(v.Target)
	if !ok {
		return spec.Binding{}, fmt.Errorf("planted: %s is not a fuzz target of the registry", v.Target)
	}
	return t.With(v.Impl)
}

// Variants lists every planted fault, at least one for each fuzz target
// of the module (TestEveryFuzzTargetIsDrivenToAFailure holds the list to
// the registry and the source).
func Variants() []Variant {
	codePoint := []property.Comparison{{Name: "CompareByteOrder", Compare: CompareByteOrder}}
	return []Variant{
		{Target: "FuzzScanMatchesReference", Fault: "duplicates admitted", Impl: ScanAdmitsDuplicates},
		{Target: "FuzzScanMatchesReference", Fault: "offsets one byte late", Impl: ScanOffsetsLate},
		{Target: "FuzzScanMatchesReference", Fault: "a raw DEL in a string refused", Impl: ScanRefusesDelete},
		{Target: "FuzzReferenceMatchesJSONText", Fault: "noncharacters refused under RFC 8785", Impl: ReferenceRefusesNoncharacters},

		{Target: "FuzzCanonicalizeFixedPoint", Fault: "last duplicate wins", Impl: LastWinsUnder},
		{Target: "FuzzWriterNeverPanics", Fault: "partial output kept on error", Impl: WriterKeepsPartialOutput},
		{Target: "FuzzCanonicalizeMatchesJSONText", Fault: "members sorted by code point", Impl: CodePointOrder},
		{Target: "FuzzCompareUTF16MatchesReference", Fault: "names compared by code point", Impl: codePoint},
		{Target: "FuzzAppendNumberMatchesReference", Fault: "Go's 'g' format for numbers", Impl: GoNumber},
		{Target: "FuzzNumberTokenMatchesReference", Fault: "tokens written in Go's 'g' format", Impl: NumberTokenGoFormat},
		{Target: "FuzzNumberTokenOfDoubleMatchesReference", Fault: "tokens written in Go's 'g' format", Impl: NumberTokenGoFormat},
		{Target: "FuzzAppendStringMatchesReference", Fault: "control escapes in upper-case hex",
			Impl: property.StringCodec{Append: StringUpperHex, Decode: jcs.DecodeStringToken}},
		{Target: "FuzzAppendStringMatchesReference", Fault: "DEL escaped",
			Impl: property.StringCodec{Append: StringEscapesDelete, Decode: jcs.DecodeStringToken}},
		{Target: "FuzzDecodeStringTokenMatchesJSONText", Fault: "decoded as a Go literal (strconv.Unquote)", Impl: DecodeStringStrconv},
		{Target: "FuzzDecimalToFloatMatchesParseFloat", Fault: "decided with two roundings", Impl: DecimalNaive},
		{Target: "FuzzCanonicalizeMatchesOracles", Fault: "members sorted by code point", Impl: CodePointOrder},
		{Target: "FuzzCanonicalizeMatchesOracles", Fault: "last duplicate wins", Impl: LastWins},
		{Target: "FuzzCanonicalizeMatchesOracles", Fault: "U+FFFD for invalid UTF-8 and lone surrogates", Impl: Substitute},
		{Target: "FuzzCanonicalizeMatchesNode", Fault: "members sorted by code point", Impl: CodePointOrder},
		{Target: "FuzzCanonicalizeGeneratedValue", Fault: "members sorted by code point", Impl: CodePointOrder},
		{Target: "FuzzCanonicalizeGeneratedValueMatchesNode", Fault: "members sorted by code point", Impl: CodePointOrder},
		{Target: "FuzzNumberFromBits", Fault: "Go's 'g' format for numbers", Impl: GoNumber},
		{Target: "FuzzNumberFromBitsMatchesNode", Fault: "Go's 'g' format for numbers", Impl: GoNumber},

		{Target: "FuzzSumMatchesCanonicalize", Fault: "digest over encoding/json", Impl: DigestViaEncodingJSON},
		{Target: "FuzzParseNeverPanics", Fault: "the refusal's type lost", Impl: ParseLosesErrorType},
		{Target: "FuzzDigestRequestInvariant", Fault: "digest over encoding/json", Impl: DigestViaEncodingJSON},
		{Target: "FuzzDigestRepresentationInvariant", Fault: "digest over encoding/json", Impl: DigestViaEncodingJSON},

		{Target: "FuzzGlobMatchesReference", Fault: "* crossing /",
			Impl: []property.GlobMatcher{{Name: "GlobStarCrossesSlash", Compile: GlobStarCrossesSlash}}},
		{Target: "FuzzGlobGeneratedMatchesReference", Fault: "* crossing /", Impl: GlobStarCrossesSlash},
		{Target: "FuzzArgumentCanonicalizationIdempotent", Fault: "percent-decoded once, not to a fixed point", Impl: CanonDecodesOnce},
		{Target: "FuzzArgumentCanonicalization", Fault: "path normalized before percent-decoding", Impl: CanonNormalizeThenDecode},
		{Target: "FuzzMeetExact", Fault: "operands compared before canonicalizing", Impl: MeetRawOperands},
		{Target: "FuzzMeetExactOnSpellings", Fault: "operands compared before canonicalizing", Impl: MeetRawOperands},
		{Target: "FuzzMeetBoundsExact", Fault: "arguments one rule constrains dropped", Impl: MeetRulesDropOneSided},
		{Target: "FuzzParse", Fault: "a prefix met with a glob keeps the prefix",
			Impl: property.ProvenanceReader{Parse: bound.Parse, EffBound: EffBoundPrefixWins}},

		{Target: "FuzzGuardForwardsOnlyWhatEveryParserReadsInside", Fault: "last duplicate wins, no admission (encoding/json)", Impl: GuardLastWins},
		{Target: "FuzzGuardForwardsOnlyWhatEveryParserReadsInside", Fault: "original bytes forwarded after a first-wins check", Impl: GuardForwardsInput},
		{Target: "FuzzGuardForwardsOnlyWhatEveryParserReadsInside", Fault: "relays CRs", Impl: GuardRelaysRaw},
		{Target: "FuzzDecide", Fault: "last duplicate wins, no admission (encoding/json)", Impl: GuardLastWins},
		{Target: "FuzzDecideMatchesReference", Fault: "the method compared as written, not decoded", Impl: GuardComparesRawMethod},

		{Target: "FuzzStructureSpans", Fault: "an unterminated string's span past the end", Impl: StructureOverrunsUnterminated},
		{Target: "FuzzMinimizeKeepsTheSignature", Fault: "any failure kept, as Go's and libFuzzer's minimizers do", Impl: MinimizeKeepsAnyFailure},
	}
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

// Lookup returns the variant of that Name.
func Lookup(name string) (Variant, bool) {
	for _, v := range Variants() {
		if v.Name() == name {
			return v, true
		}
	}
	return Variant{}, false
}

// SeedsOf lists the seeds a planted build of the variant's fuzz target
// adds, in the order it adds them: the catalogue's (spec.SeedsOf), then the
// variant's own, named "planted-N". A failing seed#N of the engine's replay
// is the N-th of this list.
func SeedsOf(v Variant) ([]seeds.Seed, error) {
	list, err := spec.SeedsOf(v.Target)
	if err != nil {
		return nil, err
	}
	for i, in := range v.Seeds {
		list = append(list, seeds.Seed{Name: fmt.Sprintf("planted-%d", i), Comment: "the variant's own seed: " + v.Fault, Values: in})
	}
	return list, nil
}
