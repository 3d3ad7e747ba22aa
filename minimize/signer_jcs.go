package minimize

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"reflect"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// jcsOutcome is what jcs.Canonicalize makes of the input under the default
// options: "jcs:refused:KIND", or "jcs:canonical:HASH" with the first 16 hex
// digits of the SHA-256 of the canonical form, so that a reduced input must
// have exactly the same canonical form.
func jcsOutcome(input []byte) Signature {
	out, err := jcs.Canonicalize(input, admit.Options{})
	if err != nil {
		return Signature("jcs:" + jcsErrorClass(err))
	}
	sum := sha256.Sum256(out)
	return Signature("jcs:canonical:" + hex.EncodeToString(sum[:8]))
}

// jcsErrorClass names an error of Canonicalize: "refused:KIND" for a
// refusal by admission, "write-error(CAUSE)" for a *jcs.WriteError.
func jcsErrorClass(err error) string {
	var ae *admit.Error
	var we *jcs.WriteError
	switch {
	case errors.As(err, &ae):
		return "refused:" + string(ae.Kind)
	case errors.As(err, &we):
		return "write-error(" + messageClass(we.Err.Error()) + ")"
	default:
		return "error(" + messageClass(err.Error()) + ")"
	}
}

// jcsProfiles are the profiles the jcs failure signer replays, as
// FuzzCanonicalizeFixedPoint does (its bool argument).
var jcsProfiles = []struct {
	name string
	opts admit.Options
}{
	{"rfc8785", admit.Options{}},
	{"ijson", admit.Options{Profile: admit.IJSON}},
}

// jcsFailure checks the property of FuzzCanonicalizeFixedPoint under each
// profile and names the first that fails:
//
//	jcs:P:refusal-differs       a refusal that is not admit.Scan's own
//	jcs:P:write-error(CAUSE)    admitted, then not written
//	jcs:P:output-refused:K      the canonical form is refused (under I-JSON,
//	                            UnsafeInteger is the documented exception)
//	jcs:P:not-fixed-point       canonicalizing the output changes it
//	jcs:P:not-canonical         IsCanonical denies the output
//	jcs:P:decode-input, jcs:P:decode-output, jcs:P:value-changed
//	                            encoding/json disagrees with the writer
func jcsFailure(input []byte) Signature {
	for _, p := range jcsProfiles {
		if s := jcsFailureUnder(input, p.name, p.opts); s != Pass {
			return s
		}
	}
	return Pass
}

func jcsFailureUnder(input []byte, name string, opts admit.Options) Signature {
	sig := func(what string) Signature { return Signature("jcs:" + name + ":" + what) }
	out, err := jcs.Canonicalize(input, opts)
	if scanErr := admit.Scan(input, opts); scanErr != nil {
		if !reflect.DeepEqual(err, scanErr) || out != nil {
			return sig("refusal-differs")
		}
		return Pass
	}
	if err != nil {
		return sig(jcsErrorClass(err))
	}
	if err := admit.Scan(out, admit.Options{}); err != nil {
		return sig("output-refused:" + admitVerdict(err))
	}
	if err := admit.Scan(out, opts); err != nil && !(opts.Profile == admit.IJSON && errors.Is(err, admit.UnsafeInteger)) {
		return sig("output-refused:" + admitVerdict(err))
	}
	if again, err := jcs.Canonicalize(out, admit.Options{}); err != nil || !bytes.Equal(again, out) {
		return sig("not-fixed-point")
	}
	if opts.Profile != admit.IJSON && !jcs.IsCanonical(out) {
		return sig("not-canonical")
	}
	var before, after any
	if json.Unmarshal(input, &before) != nil {
		return sig("decode-input")
	}
	if json.Unmarshal(out, &after) != nil {
		return sig("decode-output")
	}
	if !reflect.DeepEqual(before, after) {
		return sig("value-changed")
	}
	return Pass
}
