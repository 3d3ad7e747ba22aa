package minimize

import (
	"errors"
	"fmt"
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
	{name: "bound", short: "bound", outcome: boundOutcome, failure: boundFailure},
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
