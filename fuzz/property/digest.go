package property

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"reflect"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/digest"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// DigestFunc is an action digest under test: digest.Sum, or a planted
// variant.
type DigestFunc = func(request []byte, opts admit.Options) (digest.Digest, error)

// InvocationParser reads the invocation out of a request: digest.Parse, or
// a planted variant.
type InvocationParser = func(request []byte, opts admit.Options) (digest.Invocation, error)

// profileOf names a profile for a violation's class and gives its options.
func profileOf(ijson bool) (string, admit.Options) {
	if ijson {
		return "ijson:", admit.Options{Profile: admit.IJSON}
	}
	return "rfc8785:", admit.Options{}
}

// SumMatchesCanonicalize holds the digest to its definition on the plain
// form, for any arguments text under the profile: sum and jcs.Canonicalize
// refuse the invocation object {"method","name","arguments"} with the same
// admission error (class refusal-differs), or the digest is the SHA-256
// of its canonical form (sum-differs); only when arguments is not one
// object may sum refuse with a *digest.Error instead. The JSON-RPC request
// of the same call has the same digest (rpc-differs).
func SumMatchesCanonicalize(sum DigestFunc, arguments string, ijson bool) *Violation {
	const name = "SumMatchesCanonicalize"
	p, opts := profileOf(ijson)
	plain := []byte(`{"method":"tools/call","name":"read_file","arguments":` + arguments + `}`)
	got, err := sum(plain, opts)
	canon, canonErr := jcs.Canonicalize(plain, opts)
	if canonErr != nil {
		var a, b *admit.Error
		if !errors.As(err, &a) || !errors.As(canonErr, &b) || !reflect.DeepEqual(a, b) {
			return violated(name, p+"refusal-differs", "%s: %v; jcs refuses with %v", plain, err, canonErr)
		}
		return nil
	}
	_, argsErr := jcs.Canonicalize([]byte(arguments), opts)
	isObject := argsErr == nil && bytes.HasPrefix(bytes.TrimLeft([]byte(arguments), " \t\r\n"), []byte("{"))
	var e *digest.Error
	if errors.As(err, &e) && !isObject {
		return nil // arguments is not one object: WrongType, or extra members
	}
	if err != nil || got != sha256.Sum256(canon) {
		return violated(name, p+"sum-differs", "%s: %s, %v; want the SHA-256 of %s", plain, got, err, canon)
	}
	if !isObject {
		return nil
	}
	rpc := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":` + arguments + `}}`)
	if d, err := sum(rpc, opts); err != nil || d != got {
		return violated(name, p+"rpc-differs", "the JSON-RPC form %s: %s, %v; the plain form %s", rpc, d, err, got)
	}
	return nil
}

// ParseNeverPanics feeds any request: every outcome is an invocation
// whose parts are slices of the request (class part-not-from-request)
// that writes its canonical form (canonical-error), an *admit.Error, or a
// *digest.Error other than Unreadable (unreadable, untyped-error); and it
// is the outcome of the reference reader of SEP-3246 section 2.1, its
// refusal's kind, pointer and offset included (parseMatchesReference).
func ParseNeverPanics(parse InvocationParser, request []byte) *Violation {
	const name = "ParseNeverPanics"
	inv, err := parse(request, admit.Options{})
	if v := parseMatchesReference(name, request, inv, err); v != nil {
		return v
	}
	var ae *admit.Error
	var e *digest.Error
	switch {
	case err == nil:
		for _, part := range [][]byte{inv.Method, inv.Name, inv.Arguments} {
			if len(part) == 0 || !bytes.Contains(request, part) {
				return violated(name, "part-not-from-request", "part %q is not bytes of the request", part)
			}
		}
		if _, err := inv.AppendCanonical(nil, admit.Options{}); err != nil {
			return violated(name, "canonical-error", "parsed, then AppendCanonical: %v", err)
		}
	case errors.As(err, &ae):
	case errors.As(err, &e):
		if e.Kind == digest.Unreadable {
			return violated(name, "unreadable", "%v", err)
		}
	default:
		return violated(name, "untyped-error", "%T %v", err, err)
	}
	return nil
}

// DigestRequestInvariant: the digest of a request is a function of the
// JSON value of its method, name and arguments and of nothing else.
//
//   - a request admission refuses has no digest (refused-has-digest);
//   - the canonical form of the request has the digest of the request, or
//     neither has one (canonical-form-differs);
//   - a digest is SHA-256 of the RFC 8785 form of the invocation
//     digest.Parse reads (parse-refuses, not-invocation-hash), and the
//     plain invocation object, written in that order or reversed with
//     whitespace, has it too (plain-differs).
func DigestRequestInvariant(sum DigestFunc, request []byte) *Violation {
	const name = "DigestRequestInvariant"
	d, err := sum(request, admit.Options{})
	canon, cerr := jcs.Canonicalize(request, admit.Options{})
	if cerr != nil {
		if err == nil {
			return violated(name, "refused-has-digest", "digest %x of a request admission refuses (%v)", d, cerr)
		}
		return nil
	}
	dc, errc := sum(canon, admit.Options{})
	if (err == nil) != (errc == nil) || d != dc {
		return violated(name, "canonical-form-differs", "digest %x, %v; of the canonical form %q: %x, %v", d, err, canon, dc, errc)
	}
	if err != nil {
		return nil
	}
	inv, perr := digest.Parse(request, admit.Options{})
	if perr != nil {
		return violated(name, "parse-refuses", "digest %x, but digest.Parse refuses the request: %v", d, perr)
	}
	want, werr := inv.AppendCanonical(nil, admit.Options{})
	if werr != nil || d != sha256.Sum256(want) {
		return violated(name, "not-invocation-hash", "digest %x; want the SHA-256 of %q (%v)", d, want, werr)
	}
	plain := fmt.Appendf(nil, `{"method":%s,"name":%s,"arguments":%s}`, inv.Method, inv.Name, inv.Arguments)
	if pc, err := jcs.Canonicalize(plain, admit.Options{}); err != nil || d != sha256.Sum256(pc) {
		return violated(name, "not-invocation-hash", "digest %x; want the SHA-256 of jcs's %q (%v)", d, pc, err)
	}
	reversed := fmt.Appendf(nil, "{ \"arguments\" :\t%s ,\n\"name\": %s , \"method\" : %s }", inv.Arguments, inv.Name, inv.Method)
	for _, text := range [][]byte{plain, reversed} {
		if dp, err := sum(text, admit.Options{}); err != nil || dp != d {
			return violated(name, "plain-differs", "digest %x; the plain invocation %q has %x, %v", d, text, dp, err)
		}
	}
	return nil
}

// DigestRepresentationInvariant: the tools/call request gen.GenerateCall
// makes of data has, however it is written (plainly, in two random
// representations, as the plain three-member invocation object, and with
// another id and a _meta member, which the digest does not cover), the
// digest SHA-256(gen.Canonical({"method","name","arguments"})): class
// digest-differs.
func DigestRepresentationInvariant(sum DigestFunc, data []byte) *Violation {
	return callDigestInvariant(sum, gen.GenerateCall(data))
}

// DocumentDigestInvariant is DigestRepresentationInvariant on a tools/call
// request text instead of generator bytes: the call gen.ReadCall reads
// from it (class document:unreadable when it reads none).
func DocumentDigestInvariant(sum DigestFunc, doc []byte) *Violation {
	c, err := gen.ReadCall(doc)
	if err != nil {
		return violated("DigestRepresentationInvariant", "document:unreadable", "%v", err)
	}
	return callDigestInvariant(sum, c)
}

func callDigestInvariant(sum DigestFunc, c gen.Call) *Violation {
	want := sha256.Sum256(gen.Canonical(c.Invocation()))
	a, b := writingSeeds(gen.Canonical(c.Request()))
	other := c
	other.ID = gen.Value{Kind: gen.String, Str: fmt.Sprint("other-", a)}
	other.Meta = &gen.Value{Kind: gen.Object, Members: []gen.Member{{Name: "progressToken", Value: gen.Value{Kind: gen.Number, Num: float64(b % 1000)}}}}
	for i, text := range [][]byte{
		gen.Write(c.Request(), 0),
		gen.Write(c.Request(), a),
		gen.Write(c.Request(), b),
		gen.Write(c.Invocation(), a),
		gen.Write(other.Request(), b),
	} {
		got, err := sum(text, admit.Options{})
		if err != nil || got != want {
			return violated("DigestRepresentationInvariant", "digest-differs", "writing %d %q: digest %x, %v; want %x, the SHA-256 of %q",
				i, text, got, err, want, gen.Canonical(c.Invocation()))
		}
	}
	return nil
}
