package property

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/verdict"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// Canonicalizer is an RFC 8785 canonicalizer under test with the default
// options: jcs.Canonicalize, or a planted variant.
type Canonicalizer = func(input []byte) ([]byte, error)

// ProfileCanonicalizer is a canonicalizer under test that takes admission
// options: jcs.Canonicalize, or a planted variant.
type ProfileCanonicalizer = func(input []byte, opts admit.Options) ([]byte, error)

// Writer is a canonical writer without admission: jcs.AppendAdmitted, or a
// planted variant.
type Writer = func(dst, input []byte) ([]byte, error)

// JCSDefault is jcs.Canonicalize under the default options.
func JCSDefault(input []byte) ([]byte, error) { return jcs.Canonicalize(input, admit.Options{}) }

// CanonicalizeFixedPoint holds canon to RFC 8785's promises on any input
// under the profile (RFC 8785, or I-JSON when ijson): a refusal is
// admit.Scan's own error and nothing else; an admitted input is written
// without error, its canonical form is admitted under both the default
// options and the profile (I-JSON is closed under canonicalization), is its
// own canonical form, is what jcs.IsCanonical accepts (RFC 8785 profile),
// and decodes (encoding/json) to the input's value. Classes, after the
// profile: refusal-differs, write-error, output-refused:K,
// output-refused-profile:K, not-fixed-point, not-canonical, decode-input,
// decode-output, value-changed.
func CanonicalizeFixedPoint(canon ProfileCanonicalizer, input []byte, ijson bool) *Violation {
	const name = "CanonicalizeFixedPoint"
	opts, p := admit.Options{}, "rfc8785:"
	if ijson {
		opts.Profile, p = admit.IJSON, "ijson:"
	}
	out, err := canon(input, opts)
	if scanErr := admit.Scan(input, opts); scanErr != nil {
		if !reflect.DeepEqual(err, scanErr) || out != nil {
			return violated(name, p+"refusal-differs", "%q, %v; admit.Scan refuses with %v", out, err, scanErr)
		}
		return nil
	}
	switch {
	case err != nil:
		return violated(name, p+"write-error", "admitted, then %v", err)
	case admit.Scan(out, admit.Options{}) != nil:
		return violated(name, p+"output-refused:"+verdict.AdmitKind(admit.Scan(out, admit.Options{})), "the canonical form %q is refused", out)
	case admit.Scan(out, opts) != nil:
		return violated(name, p+"output-refused-profile:"+verdict.AdmitKind(admit.Scan(out, opts)), "the canonical form %q is refused under the profile", out)
	}
	if again, err := canon(out, admit.Options{}); err != nil || !bytes.Equal(again, out) {
		return violated(name, p+"not-fixed-point", "%q, then %q, %v", out, again, err)
	}
	if !ijson && !jcs.IsCanonical(out) {
		return violated(name, p+"not-canonical", "jcs.IsCanonical(%q) is false", out)
	}
	var before, after any
	if err := json.Unmarshal(input, &before); err != nil {
		return violated(name, p+"decode-input", "encoding/json refuses the admitted input: %v", err)
	}
	if err := json.Unmarshal(out, &after); err != nil {
		return violated(name, p+"decode-output", "encoding/json refuses the canonical form %q: %v", out, err)
	}
	if !reflect.DeepEqual(before, after) {
		return violated(name, p+"value-changed", "the input decodes to %v, its canonical form %q to %v", before, out, after)
	}
	return nil
}

// WriterNeverPanics hands the writer bytes admission never saw: it returns
// output or a *jcs.WriteError, and on error dst as it was (classes
// untyped-error, dst-changed); a panic is the engine's to report. Its
// refusals are held to admission's (writerMatchesAdmission).
func WriterNeverPanics(write Writer, input []byte) *Violation {
	const name = "WriterNeverPanics"
	out, err := write([]byte("dst"), input)
	var we *jcs.WriteError
	switch {
	case err != nil && !errors.As(err, &we):
		return violated(name, "untyped-error", "%T %v, not a *jcs.WriteError", err, err)
	case err != nil && string(out) != "dst":
		return violated(name, "dst-changed", "on error the writer returned %q, not dst", out)
	}
	return writerMatchesAdmission(name, input, out, we)
}

// The writer's causes as its documentation words them (jcs.WriteError.Err).
const (
	writerSyntax    = "not RFC 8259 JSON"
	writerNumber    = "number has no finite double"
	writerSurrogate = "escape is not a Unicode scalar value"
)

// writerMatchesAdmission holds the writer's answer on input (out after
// "dst", or the refusal we) to admit.Reference's under RFC 8785: what
// admission accepts the writer writes as jcs.Canonicalize does
// (admission:refused, admission:output-differs); what admission refuses
// for a reason the writer checks itself (RFC 8259 syntax and trailing
// content, a number with no finite double, an escaped lone surrogate) the
// writer refuses for the same cause (admission:accepted,
// admission:cause-differs); not at the same byte: the writer reports a
// bad number at its start, admission at the faulty digit. The two checks the writer leaves to admission,
// UTF-8 and unique names, and the nesting limit, are left out.
func writerMatchesAdmission(name string, input, out []byte, we *jcs.WriteError) *Violation {
	aerr := admit.Reference(input, admit.Options{})
	if aerr == nil {
		want, err := jcs.Canonicalize(input, admit.Options{})
		switch {
		case we != nil:
			return violated(name, "admission:refused", "admission accepts; the writer: %v", we)
		case err == nil && !bytes.Equal(out[len("dst"):], want):
			return violated(name, "admission:output-differs", "the writer writes %q; jcs.Canonicalize %q", out[len("dst"):], want)
		}
		return nil
	}
	var ae *admit.Error
	if !errors.As(aerr, &ae) {
		return nil
	}
	var cause string
	switch ae.Kind {
	case admit.Syntax, admit.TrailingContent:
		cause = writerSyntax
	case admit.NumberNotFinite:
		cause = writerNumber
	case admit.StringNotScalar:
		if ae.Offset >= int64(len(input)) || input[ae.Offset] != '\\' {
			return nil // ill-formed UTF-8: admission's alone
		}
		cause = writerSurrogate
	default:
		return nil
	}
	switch {
	case we == nil:
		return violated(name, "admission:accepted", "admission refuses (%v); the writer writes %q", aerr, out)
	case we.Err.Error() != cause:
		return violated(name, "admission:cause-differs", "admission refuses (%v); the writer: %v", aerr, we)
	}
	return nil
}

// CanonicalizeMatchesJSONText holds canon to ref, an independent RFC 8785
// implementation (the fuzz target passes go-json-experiment's
// jsontext.Value.Canonicalize, fuzz/oracle/jsontext), on every input both
// accept (class output-differs); a breakdown of ref is its own class
// (oracle:NAME:breakdown:KIND). What ref refuses after admission is left
// out: its limits are not ours to test here.
func CanonicalizeMatchesJSONText(canon Canonicalizer, ref oracle.Canonicalizer, input []byte) *Violation {
	const name = "CanonicalizeMatchesJSONText"
	got, err := canon(input)
	if err != nil {
		return nil
	}
	switch o := oracle.Run(ref, input); o.Class() {
	case oracle.Breakdown:
		return breakdown(name, o)
	case oracle.Output:
		if !bytes.Equal(got, o.Output) {
			return violated(name, "output-differs", "%q; %s writes %q", got, oracleName(o), o.Output)
		}
	}
	return nil
}

// FixedPointBothProfiles is CanonicalizeFixedPoint on a document under
// RFC 8785 and then I-JSON: the document form of FuzzCanonicalizeFixedPoint,
// whose classes begin with the profile.
func FixedPointBothProfiles(canon ProfileCanonicalizer, doc []byte) *Violation {
	if v := CanonicalizeFixedPoint(canon, doc, false); v != nil {
		return v
	}
	return CanonicalizeFixedPoint(canon, doc, true)
}
