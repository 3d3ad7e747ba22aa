package gofuzz

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/digest"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// The go-fuzz verdicts a property returns.
const (
	priority   = 1  // admitted: mutate it further
	ordinary   = 0  // refused, but keep it if it reaches new code
	irrelevant = -1 // the property does not apply: never add it to the corpus
)

// Violation is the value a property panics with when it does not hold. Its
// message carries the full input, quoted, so a crasher's output alone is
// enough to reproduce it.
type Violation struct {
	Property string
	Input    []byte
	Detail   string
}

func (v *Violation) Error() string {
	return fmt.Sprintf("%s does not hold for input %q (%d bytes): %s", v.Property, v.Input, len(v.Input), v.Detail)
}

func violate(property string, input []byte, format string, args ...any) {
	panic(&Violation{Property: property, Input: bytes.Clone(input), Detail: fmt.Sprintf(format, args...)})
}

// scanner is an admission scanner under test: admit.Scan, or a planted
// variant in the tests.
type scanner func(input []byte, opts admit.Options) error

// profiles are the option sets admission is compared under: the RFC 8785
// profile and I-JSON, with the default caps.
var profiles = []admit.Options{{}, {Profile: admit.IJSON}}

// admission: scan and admit.Reference give the same verdict (both admit, or
// the same kind at the same offset) under both profiles, and scan gives it
// twice.
func admission(scan scanner, data []byte) int {
	const name = "admission"
	verdict := ordinary
	for i, opts := range profiles {
		got, want := scan(data, opts), admit.Reference(data, opts)
		if msg := sameVerdict(got, want); msg != "" {
			violate(name, data, "profile %v: %s", opts.Profile, msg)
		}
		if again := scan(data, opts); sameVerdict(got, again) != "" {
			violate(name, data, "profile %v: not deterministic: %v, then %v", opts.Profile, got, again)
		}
		if i == 0 && got == nil {
			verdict = priority
		}
	}
	return verdict
}

// sameVerdict says how two admission verdicts differ, or "".
func sameVerdict(got, want error) string {
	if got == nil && want == nil {
		return ""
	}
	var g, w *admit.Error
	if got != nil && !errors.As(got, &g) || want != nil && !errors.As(want, &w) {
		return fmt.Sprintf("not an *admit.Error: got %v, reference %v", got, want)
	}
	if got == nil || want == nil || g.Kind != w.Kind || g.Offset != w.Offset {
		return fmt.Sprintf("got %v, reference %v", got, want)
	}
	return ""
}

// canonicalizer is a canonicalizer under test: jcs.Canonicalize under the
// default options, or a planted variant in the tests.
type canonicalizer func(input []byte) ([]byte, error)

// canonicalization: canon refuses exactly what admit.Reference refuses,
// with an *admit.Error; an admitted input's output is admitted, a fixed
// point of canon, and equal to the output of every oracle that writes one.
// An oracle may refuse an input canon admits only for a pinned reason
// (cyberphone refuses a top-level scalar); an oracle that breaks down is a
// finding. Refusals that an oracle does not share are classified by the
// native target FuzzCanonicalizeMatchesOracles in package fuzz, not here.
func canonicalization(canon canonicalizer, refs []oracle.Canonicalizer, data []byte) int {
	const name = "canonicalization"
	out, err := canon(data)
	refErr := admit.Reference(data, admit.Options{})
	switch {
	case err == nil && refErr != nil:
		violate(name, data, "written as %q, but admit.Reference refuses it: %v", out, refErr)
	case err != nil && refErr == nil:
		violate(name, data, "refused (%v), but admit.Reference admits it", err)
	case err != nil:
		var refusal *admit.Error
		if !errors.As(err, &refusal) {
			violate(name, data, "refused with %T %v, not an *admit.Error", err, err)
		}
		return ordinary
	}
	if err := admit.Scan(out, admit.Options{}); err != nil {
		violate(name, data, "output %q is refused: %v", out, err)
	}
	if again, err := canon(out); err != nil || !bytes.Equal(again, out) {
		violate(name, data, "not a fixed point: %q, then %q, %v", out, again, err)
	}
	for _, ref := range refs {
		o := oracle.Run(ref, data)
		switch o.Class() {
		case oracle.Output:
			if !bytes.Equal(o.Output, out) {
				violate(name, data, "output %q, but %v", out, o)
			}
		case oracle.Refusal:
			if !topLevelScalar(data) || ref.Name() != cyberphone.Name {
				violate(name, data, "output %q, but %v", out, o)
			}
		default:
			violate(name, data, "output %q, but %v", out, o)
		}
	}
	return priority
}

// topLevelScalar reports whether an admitted text is a scalar, which
// cyberphone refuses by design.
func topLevelScalar(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	return len(t) > 0 && t[0] != '{' && t[0] != '['
}

// digester is an action digest under test: digest.Sum under the default
// options, or a planted variant in the tests.
type digester func(request []byte) ([sha256.Size]byte, error)

// digestInvariance: the digest of a request is a function of the JSON
// value of its method, name and arguments and of nothing else.
//
//   - A request admission refuses has no digest.
//   - The canonical form of the request (other member order, other
//     spellings of its numbers and strings, no whitespace) has the digest
//     of the request, or neither has one.
//   - When there is a digest, it is SHA-256 of the RFC 8785 form of
//     {"method","name","arguments"} built from digest.Parse's parts, and
//     the plain invocation object, written in that order or in reverse with
//     whitespace, has it too.
func digestInvariance(sum digester, data []byte) int {
	const name = "digest representation invariance"
	d, err := sum(data)
	canon, cerr := jcs.Canonicalize(data, admit.Options{})
	if cerr != nil {
		if err == nil {
			violate(name, data, "digest %x of a request admission refuses (%v)", d, cerr)
		}
		return ordinary
	}
	dc, errc := sum(canon)
	if (err == nil) != (errc == nil) || d != dc {
		violate(name, data, "digest %x, %v; of the canonical form %q: %x, %v", d, err, canon, dc, errc)
	}
	if err != nil {
		return ordinary
	}
	inv, perr := digest.Parse(data, admit.Options{})
	if perr != nil {
		violate(name, data, "digest %x, but digest.Parse refuses the request: %v", d, perr)
	}
	plain := fmt.Appendf(nil, `{"method":%s,"name":%s,"arguments":%s}`, inv.Method, inv.Name, inv.Arguments)
	want, werr := jcs.Canonicalize(plain, admit.Options{})
	if werr != nil || d != sha256.Sum256(want) {
		violate(name, data, "digest %x; want the SHA-256 of %q (%v)", d, want, werr)
	}
	reversed := fmt.Appendf(nil, "{ \"arguments\" :\t%s ,\n\"name\": %s , \"method\" : %s }", inv.Arguments, inv.Name, inv.Method)
	for _, text := range [][]byte{plain, reversed} {
		if dp, err := sum(text); err != nil || dp != d {
			violate(name, data, "digest %x; the plain invocation %q has %x, %v", d, text, dp, err)
		}
	}
	return priority
}

// matcher compiles a glob pattern into a match function: bound.CompileGlob
// and Match, or a planted variant in the tests.
type matcher func(pattern string) (func(value string) bool, error)

// globAgreement: the glob compiler under test and bound.ReferenceGlob (an
// independent translation to RE2) refuse the same patterns, both with
// bound.ErrGlobSyntax, and give the same answer on every value. data is
// the pattern, a NUL byte and the value (no NUL: the value is empty).
// Values that are not UTF-8, and matches bound.MaxGlobWork would refuse,
// are irrelevant.
func globAgreement(compile matcher, data []byte) int {
	const name = "glob agreement"
	pattern, value, _ := bytes.Cut(data, []byte{0})
	if !utf8.Valid(value) || utf8.RuneCount(pattern)*len(value) > bound.MaxGlobWork {
		return irrelevant
	}
	match, err := compile(string(pattern))
	re, rerr := bound.ReferenceGlob(string(pattern))
	switch {
	case (err == nil) != (rerr == nil):
		violate(name, data, "pattern %q: compiler error %v, reference error %v", pattern, err, rerr)
	case err != nil:
		if !errors.Is(err, bound.ErrGlobSyntax) || !errors.Is(rerr, bound.ErrGlobSyntax) {
			violate(name, data, "pattern %q: errors not ErrGlobSyntax: %v, %v", pattern, err, rerr)
		}
		return ordinary
	}
	if got, want := match(string(value)), re.MatchString(string(value)); got != want {
		violate(name, data, "pattern %q, value %q: compiler %v, reference %v", pattern, value, got, want)
	}
	return priority
}
