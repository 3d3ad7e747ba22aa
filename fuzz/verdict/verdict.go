// Package verdict names what a target makes of one input, as a
// minimize.Signature: admission's refusal kind, the canonical form's hash,
// the action digest, the guard's action, a chain's effective bound, an
// oracle's answer. Minimizing under a verdict (outcome mode) keeps the
// target's answer, not a failure, so that a large hostile input the target
// refuses correctly becomes a small regression vector.
package verdict

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/minimize"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/digest"
	"github.com/canonfuzz/canonfuzz/targets/guard"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// Admit is the verdict of admit.Scan under the default options:
// "admit:admitted" or "admit:KIND", such as admit:DuplicateMember.
func Admit(input []byte) minimize.Signature {
	return minimize.Signature("admit:" + AdmitKind(admit.Scan(input, admit.Options{})))
}

// AdmitKind names one verdict: "admitted", a Kind, or the class of an
// error that is not an *admit.Error.
func AdmitKind(err error) string {
	var ae *admit.Error
	switch {
	case err == nil:
		return "admitted"
	case errors.As(err, &ae):
		return string(ae.Kind)
	default:
		return errorClass(err)
	}
}

// JCS is what jcs.Canonicalize makes of the input under the default
// options: "jcs:refused:KIND", or "jcs:canonical:HASH" with the first 16 hex
// digits of the SHA-256 of the canonical form, so that a reduced input must
// have exactly the same canonical form.
func JCS(input []byte) minimize.Signature {
	out, err := jcs.Canonicalize(input, admit.Options{})
	if err != nil {
		return minimize.Signature("jcs:" + jcsErrorClass(err))
	}
	sum := sha256.Sum256(out)
	return minimize.Signature("jcs:canonical:" + hex.EncodeToString(sum[:8]))
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
		return "write-error(" + minimize.MessageClass(we.Err.Error()) + ")"
	default:
		return errorClass(err)
	}
}

// Digest is what digest.Sum makes of a request under the default
// options: "digest:refused:KIND" for an admission refusal,
// "digest:KIND:POINTER" for a request that has no action digest (array
// indices as N), or "digest:sum:HASH" with the first 16 hex digits of the
// digest, so that a reduced request must bind the same invocation.
func Digest(input []byte) minimize.Signature {
	d, err := digest.Sum(input, admit.Options{})
	if err != nil {
		return minimize.Signature("digest:" + digestErrorClass(err))
	}
	return minimize.Signature("digest:sum:" + hex.EncodeToString(d[:8]))
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
		return errorClass(err)
	}
}

// guardPolicy is the bound of the guard the signers replay: one tool, one
// constrained argument, enough for a call to be forwarded or refused.
const guardPolicy = `[{"tool":"read_file","args":{"path":{"prefix":"/srv/"}}}]`

// guardConfig is that guard: it originates a chain for a call without
// provenance and enforces.
func guardConfig() guard.Config {
	policy, err := bound.ParseBound([]byte(guardPolicy))
	if err != nil {
		panic("minimize: the guard signer's policy does not parse: " + err.Error())
	}
	return guard.Config{Component: "canonfuzz-minimize", Policy: policy, Absent: guard.Originate, Mode: guard.Enforce}
}

// Guard is guard.Decide's verdict on one client message under
// guardConfig: "guard:relay", "guard:forward", or "guard:answer:CLASS" with
// the class of refusal (one of guard's Err... sentinels), such as
// guard:answer:guard: outside the conferred bound, followed by :admit:KIND
// when admission refused the message.
func Guard(input []byte) minimize.Signature {
	d := guard.Decide(input, guardConfig())
	return minimize.Signature("guard:" + guardAction(d))
}

// guardAction names a decision's action, and for an answer its class.
func guardAction(d guard.Decision) string {
	switch d.Action {
	case guard.Relay:
		return "relay"
	case guard.Forward:
		return "forward"
	case guard.Answer:
		if d.Refusal == nil || d.Refusal.Class == nil {
			return "answer:unclassified"
		}
		class := "answer:" + minimize.MessageClass(d.Refusal.Class.Error())
		var ae *admit.Error
		if errors.As(d.Refusal.Cause, &ae) {
			class += ":admit:" + string(ae.Kind)
		}
		return class
	}
	return "action(" + strings.ToLower(d.Action.String()) + ")"
}

// Bound is what a guard makes of the chain:
//
//	bound:malformed:POINTER:REASON        Parse refused it; array indices in
//	                                      the pointer are N, so that dropping
//	                                      an earlier hop or rule keeps it, and
//	                                      REASON is the class of the reason, or
//	                                      admit:KIND for a refused admission
//	bound:effbound:empty                  the meet of the hops admits nothing
//	bound:effbound:nonempty               it admits something
//	bound:effbound:too-large              the meet exceeds bound.MaxRules
func Bound(input []byte) minimize.Signature {
	p, err := bound.Parse(input)
	if err != nil {
		return minimize.Signature("bound:" + boundErrorClass(err))
	}
	eff, err := bound.EffBound(p, bound.Canon{})
	switch {
	case errors.Is(err, bound.ErrTooLarge):
		return "bound:effbound:too-large"
	case err != nil:
		return minimize.Signature("bound:effbound:" + boundErrorClass(err))
	case len(eff) == 0:
		return "bound:effbound:empty"
	}
	return "bound:effbound:nonempty"
}

// boundErrorClass names an error of package bound.
func boundErrorClass(err error) string {
	var me *bound.MalformedError
	var ae *admit.Error
	if !errors.As(err, &me) {
		return errorClass(err)
	}
	class := "malformed:" + pointerClass(me.Pointer)
	if errors.As(err, &ae) {
		return class + ":admit:" + string(ae.Kind)
	}
	return class + ":" + minimize.MessageClass(me.Reason)
}

// errorClass names an error of none of the types a verdict knows:
// "error(CLASS)" with the class of its message, the one spelling of that
// case in every verdict.
func errorClass(err error) string {
	return "error(" + minimize.MessageClass(err.Error()) + ")"
}

// pointerClass replaces each array index of an RFC 6901 pointer by N.
func pointerClass(ptr string) string {
	segs := strings.Split(ptr, "/")
	for i, s := range segs {
		if s != "" && strings.Trim(s, "0123456789") == "" {
			segs[i] = "N"
		}
	}
	return strings.Join(segs, "/")
}

// Oracle is what the oracle makes of the input: "NAME:output:HASH"
// with the first 16 hex digits of the SHA-256 of its output, "NAME:refused",
// or "NAME:breakdown(CLASS)".
func Oracle(name string, c oracle.Canonicalizer) func([]byte) minimize.Signature {
	return func(input []byte) minimize.Signature {
		out, err := c.Canonicalize(input)
		switch {
		case err == nil:
			sum := sha256.Sum256(out)
			return minimize.Signature(name + ":output:" + hex.EncodeToString(sum[:8]))
		case errors.Is(err, oracle.ErrRefused):
			return minimize.Signature(name + ":refused")
		}
		return minimize.Signature(name + ":breakdown(" + minimize.MessageClass(err.Error()) + ")")
	}
}
