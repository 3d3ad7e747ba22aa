package minimize

import (
	"errors"
	"fmt"
	"strings"
)

// A target row says what a --target name means: which signer replays it,
// and for a fuzz target whether the signer checks that target's property.
type target struct {
	name    string                 // a short name or a fuzz target's name
	short   string                 // the short name the signers and findings/ use
	outcome func([]byte) Signature // nil: no signer
	failure func([]byte) Signature
	why     string // for a row without signers: why there are none
}

// targetTable lists every name --target accepts.
var targetTable = []target{
	{name: "admit", short: "admit", outcome: admitOutcome, failure: admitFailure},
	{name: "FuzzScanMatchesReference", short: "admit", outcome: admitOutcome, failure: admitFailure},
	{name: "FuzzReferenceMatchesJSONText", short: "admit", outcome: admitOutcome, failure: admitFailure},
	{name: "jcs", short: "jcs", outcome: jcsOutcome, failure: jcsFailure},
	{name: "FuzzCanonicalizeFixedPoint", short: "jcs", outcome: jcsOutcome, failure: jcsFailure},
	{name: "FuzzWriterNeverPanics", short: "jcs", why: "its property calls the writer without admission, which is not exported"},
	{name: "FuzzCompareUTF16MatchesReference", short: "jcs", why: "its reference is test code in targets/jcs"},
	{name: "FuzzAppendNumberMatchesReference", short: "jcs", why: "its reference is test code in targets/jcs"},
	{name: "FuzzNumberTokenMatchesReference", short: "jcs", why: "its reference is test code in targets/jcs"},
	{name: "FuzzAppendStringMatchesReference", short: "jcs", why: "its reference is test code in targets/jcs"},
	{name: "FuzzCanonicalizeMatchesJSONText", short: "jsontext", outcome: oracleOutcome("jsontext", jsontextOracle), failure: outputDiffers(oracleFailure("jsontext", jsontextOracle))},
	{name: "FuzzNumberTokenOfDoubleMatchesReference", short: "jcs", why: "its input is a double's bits and a digit count, and its reference is test code in targets/jcs"},
	{name: "FuzzDecimalToFloatMatchesParseFloat", short: "jcs", why: "its input is a mantissa and an exponent, and decimalToFloat is not exported"},
	{name: "bound", short: "bound", outcome: boundOutcome, failure: boundFailure},
	{name: "FuzzParse", short: "bound", outcome: boundOutcome, failure: boundFailure},
	{name: "FuzzMeetBoundsExact", short: "bound", why: "its input is a pair of generator seeds, not bytes"},
	// Outside implementations, for incumbent vectors: the failure mode is a
	// departure from jcs.
	{name: "cyberphone", short: "cyberphone", outcome: oracleOutcome("cyberphone", cyberphoneOracle), failure: oracleFailure("cyberphone", cyberphoneOracle)},
	{name: "gowebpki", short: "gowebpki", outcome: oracleOutcome("gowebpki", gowebpkiOracle), failure: oracleFailure("gowebpki", gowebpkiOracle)},
	{name: "jsontext", short: "jsontext", outcome: oracleOutcome("jsontext", jsontextOracle), failure: oracleFailure("jsontext", jsontextOracle)},
	{name: "FuzzMeetExact", short: "bound", why: "its input is a pair of generator seeds, not bytes"},
	{name: "FuzzCanonIdempotent", short: "bound", why: "its property calls canonString, which is not exported"},
	{name: "FuzzGlobMatchesReference", short: "bound", why: "its input is a glob and a string, not a provenance object"},
	{name: "digest", short: "digest", outcome: digestOutcome, failure: digestFailure},
	{name: "FuzzParseNeverPanics", short: "digest", outcome: digestOutcome, failure: digestFailure},
	{name: "FuzzSumMatchesCanonicalize", short: "digest", why: "its input is an arguments text wrapped by test code, not a request"},
	{name: "guard", short: "guard", outcome: guardOutcome, failure: guardFailure},
	{name: "FuzzDecide", short: "guard", outcome: guardOutcome, failure: guardFailure},
	// The cross-target properties of fuzz/ are test code of package fuzz,
	// which no other package can call.
	{name: "FuzzCanonicalizeMatchesOracles", short: "jcs", why: "its property (fuzz/canonicalize_oracles_test.go; fuzz/gofuzz's entry point of the name) is test code that allows the oracles' known departures; the jcs and oracle signers replay its parts"},
	{name: "FuzzCanonicalizeMatchesNode", short: "jcs", why: "its oracles are Node processes, and its property is test code in fuzz/"},
	{name: "FuzzCanonicalizeGeneratedValue", short: "jcs", why: "its input is generator bytes for gen.Generate, not a JSON text"},
	{name: "FuzzCanonicalizeGeneratedValueMatchesNode", short: "jcs", why: "its input is generator bytes, and its oracles are Node processes"},
	{name: "FuzzNumberFromBits", short: "jcs", why: "its input is a double's bits, not a JSON text"},
	{name: "FuzzNumberFromBitsMatchesNode", short: "jcs", why: "its input is a double's bits, and its oracles are Node processes"},
	{name: "FuzzDigestRepresentationInvariant", short: "digest", why: "its property (digestRepresentationInvariant) is test code in fuzz/; the digest signer replays FuzzParseNeverPanics's"},
	{name: "FuzzDigestRequestInvariant", short: "digest", why: "fuzz/gofuzz's property (digestInvariance) is not exported; the digest signer replays FuzzParseNeverPanics's"},
	{name: "FuzzArgumentCanonicalization", short: "bound", why: "its input is generator bytes, two values and a fold flag, and its property is test code in fuzz/"},
	{name: "FuzzMeetExactOnSpellings", short: "bound", why: "its input is generator bytes for gen.GenerateConstraintPair, not a provenance object"},
	{name: "FuzzGlobGeneratedMatchesReference", short: "bound", why: "its input is generator bytes for gen.GenerateGlob, not a provenance object"},
	{name: "FuzzGuardForwardsOnlyWhatEveryParserReadsInside", short: "guard", why: "its property (guardForwardsOnlyWhatEveryParserReadsInside, on the raw and the generated message) is test code in fuzz/; the guard signer replays FuzzDecide's"},
	// The minimizer's own fuzz targets and its planted-fault comparisons.
	{name: "FuzzStructureSpans", short: "minimize", why: "a test of the minimizer's tokenizer, not of a target"},
	{name: "FuzzMinimizeKeepsTheSignature", short: "minimize", why: "a test of the minimizer itself, not of a target"},
	{name: "FuzzPlantedLastWins", short: "planted", why: "a planted fault for measuring the minimizers (docs/MINIMIZE.md): minimize.PlantedSigner replays it"},
	{name: "FuzzPlantedSubstitute", short: "planted", why: "a planted fault for measuring the minimizers: minimize.PlantedSigner replays it"},
	{name: "FuzzPlantedCodePointOrder", short: "planted", why: "a planted fault for measuring the minimizers: minimize.PlantedSigner replays it"},
	{name: "FuzzPlantedEncodingJSON", short: "planted", why: "a planted fault for measuring the minimizers: minimize.PlantedSigner replays it"},
}

// outputDiffers keeps only the NAME:output-differs signatures of an oracle
// failure signer: FuzzCanonicalizeMatchesJSONText compares outputs where
// both implementations write and leaves out what either refuses. Its
// vectors replay under the oracle's full failure signer, which signs an
// input both write the same way.
func outputDiffers(f func([]byte) Signature) func([]byte) Signature {
	return func(in []byte) Signature {
		if sig := f(in); strings.HasSuffix(string(sig), ":output-differs") {
			return sig
		}
		return Pass
	}
}

// ErrUnknownTarget is matched by a *TargetError for a name the table does
// not hold; ErrNoTargetSigner by one for a name it holds without a signer.
var (
	ErrUnknownTarget  = errors.New("minimize: unknown target")
	ErrNoTargetSigner = errors.New("minimize: target has no signer")
)

// TargetError is a --target name that cannot be replayed.
type TargetError struct {
	Name   string
	Reason string
	Err    error // ErrUnknownTarget or ErrNoTargetSigner
}

func (e *TargetError) Error() string {
	return fmt.Sprintf("%v %q: %s", e.Err, e.Name, e.Reason)
}

// Unwrap returns ErrUnknownTarget or ErrNoTargetSigner.
func (e *TargetError) Unwrap() error { return e.Err }

// Targets returns every name SignerFor accepts, in table order.
func Targets() []string {
	names := make([]string, len(targetTable))
	for i, t := range targetTable {
		names[i] = t.name
	}
	return names
}

// SignerFor returns the signer of a target, by short name or fuzz target
// name, and the short name. With outcome the signer returns the target's
// verdict on every input; without, it returns Pass unless a property fails.
func SignerFor(name string, outcome bool) (Signer, string, error) {
	for _, t := range targetTable {
		if t.name != name {
			continue
		}
		if t.outcome == nil {
			return nil, t.short, &TargetError{Name: name, Reason: t.why, Err: ErrNoTargetSigner}
		}
		if outcome {
			return SignerFunc(t.outcome), t.short, nil
		}
		return SignerFunc(t.failure), t.short, nil
	}
	return nil, "", &TargetError{Name: name, Reason: "not a short name (admit, jcs, digest, bound, guard, or an oracle: cyberphone, gowebpki, jsontext) nor a fuzz target of the table", Err: ErrUnknownTarget}
}
