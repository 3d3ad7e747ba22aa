package minimize

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/digest"
)

// digestOutcome is what digest.Sum makes of a request under the default
// options: "digest:refused:KIND" for an admission refusal,
// "digest:KIND:POINTER" for a request that has no action digest (array
// indices as N), or "digest:sum:HASH" with the first 16 hex digits of the
// digest, so that a reduced request must bind the same invocation.
func digestOutcome(input []byte) Signature {
	d, err := digest.Sum(input, admit.Options{})
	if err != nil {
		return Signature("digest:" + digestErrorClass(err))
	}
	return Signature("digest:sum:" + hex.EncodeToString(d[:8]))
}

// digestErrorClass names an error of package digest.
func digestErrorClass(err error) string {
	var ae *admit.Error
	var de *digest.Error
	switch {
	case errors.As(err, &ae):
		return "refused:" + string(ae.Kind)
	case errors.As(err, &de):
		return string(de.Kind) + ":" + pointerClass(de.Pointer)
	default:
		return "error(" + messageClass(err.Error()) + ")"
	}
}

// digestFailure checks the property of FuzzParseNeverPanics, and that Sum
// is the SHA-256 of the invocation's canonical form, and names the first
// that fails:
//
//	digest:part-not-from-request  a parsed part is not bytes of the request
//	digest:canonical-error        AppendCanonical fails on a parsed invocation
//	digest:unreadable             Parse refuses with the Unreadable kind
//	digest:untyped-error          Parse refuses with an untyped error
//	digest:sum-differs            Sum is not the hash of AppendCanonical
func digestFailure(input []byte) Signature {
	inv, err := digest.Parse(input, admit.Options{})
	var ae *admit.Error
	var de *digest.Error
	switch {
	case err == nil:
	case errors.As(err, &ae):
		return Pass
	case errors.As(err, &de) && de.Kind == digest.Unreadable:
		return "digest:unreadable"
	case errors.As(err, &de):
		return Pass
	default:
		return "digest:untyped-error"
	}
	for _, part := range [][]byte{inv.Method, inv.Name, inv.Arguments} {
		if len(part) == 0 || !bytes.Contains(input, part) {
			return "digest:part-not-from-request"
		}
	}
	canon, err := inv.AppendCanonical(nil, admit.Options{})
	if err != nil {
		return "digest:canonical-error"
	}
	if d, err := digest.Sum(input, admit.Options{}); err != nil || d != sha256.Sum256(canon) {
		return "digest:sum-differs"
	}
	return Pass
}
