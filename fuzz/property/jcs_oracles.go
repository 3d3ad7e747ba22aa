package property

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/verdict"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/jsontext"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/node"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// CanonicalizeMatchesOracles, for any bytes:
//
//   - canon refuses exactly what admit.Reference, the slow reference
//     scanner, refuses (classes reference-refuses:K, reference-admits),
//     and its refusal is an *admit.Error (untyped-refusal);
//   - a refusal that an oracle does not share (it writes output) is one
//     of the kinds refusalExplained allows (oracle:NAME:writes:K);
//   - an admitted input's output is admitted (output-refused:K), a fixed
//     point of canon (not-fixed-point), the input's value under
//     encoding/json (value-changed), and every oracle's output
//     (oracle:NAME:output-differs); an oracle that refuses it instead does
//     so for a reason oracleRefusalExplained pins (oracle:NAME:refuses).
//
// An oracle that panics, crashes, hangs or breaks its protocol is
// oracle:NAME:breakdown:KIND: a signature of its own, whatever the input.
func CanonicalizeMatchesOracles(canon Canonicalizer, refs []oracle.Canonicalizer, input []byte) *Violation {
	const name = "CanonicalizeMatchesOracles"
	out, err := canon(input)
	refErr := admit.Reference(input, admit.Options{})
	switch {
	case err == nil && refErr != nil:
		return violated(name, "reference-refuses:"+verdict.AdmitKind(refErr), "written as %q, but admit.Reference refuses it: %v", out, refErr)
	case err != nil && refErr == nil:
		return violated(name, "reference-admits", "refused (%v), but admit.Reference admits it", err)
	case err != nil:
		var refusal *admit.Error
		if !errors.As(err, &refusal) {
			return violated(name, "untyped-refusal", "refused with %T %v, not an *admit.Error", err, err)
		}
		for _, ref := range refs {
			o := oracle.Run(ref, input)
			if o.Class() == oracle.Breakdown {
				return breakdown(name, o)
			}
			if o.Class() == oracle.Output && !refusalExplained(refusal, ref, input) {
				return violated(name, "oracle:"+oracleName(o)+":writes:"+string(refusal.Kind), "refused as %v; %v", err, o)
			}
		}
		return nil
	}
	if err := admit.Scan(out, admit.Options{}); err != nil {
		return violated(name, "output-refused:"+verdict.AdmitKind(err), "output %q is refused: %v", out, err)
	}
	if again, err := canon(out); err != nil || !bytes.Equal(again, out) {
		return violated(name, "not-fixed-point", "%q, then %q, %v", out, again, err)
	}
	var before, after any
	if json.Unmarshal(input, &before) != nil || json.Unmarshal(out, &after) != nil || !reflect.DeepEqual(before, after) {
		return violated(name, "value-changed", "output %q is not the input's value (encoding/json: %v, then %v)", out, before, after)
	}
	for _, ref := range refs {
		o := oracle.Run(ref, input)
		switch {
		case o.Class() == oracle.Output && !bytes.Equal(o.Output, out):
			return violated(name, "oracle:"+oracleName(o)+":output-differs", "output %q; %v", out, o)
		case o.Class() == oracle.Refusal && !oracleRefusalExplained(ref, input):
			return violated(name, "oracle:"+oracleName(o)+":refuses", "output %q; %v", out, o)
		case o.Class() == oracle.Breakdown:
			return breakdown(name, o)
		}
	}
	return nil
}

// breakdown is the violation of an oracle that panicked, crashed, hung or
// broke its protocol: its class names the oracle and the kind of fault,
// never the input.
func breakdown(property string, o oracle.Outcome) *Violation {
	kind := "other"
	for _, k := range []struct {
		err  error
		name string
	}{{oracle.ErrPanic, "panic"}, {subprocess.ErrCrashed, "crashed"}, {subprocess.ErrTimeout, "timeout"},
		{subprocess.ErrProtocol, "protocol"}, {subprocess.ErrStart, "start"}, {oracle.ErrClosed, "closed"}} {
		if errors.Is(o.Err, k.err) {
			kind = k.name
			break
		}
	}
	return violated(property, "oracle:"+oracleName(o)+":breakdown:"+kind, "%v", o)
}

// refusalExplained says whether an oracle that writes output for an input
// refused as kind does so for a known reason. Duplicates: the JavaScript
// oracles keep the last member (JSON.parse). Surrogates and invalid UTF-8
// (StringNotScalar): npm json-canonicalize and the ECMAScript oracle pass
// lone surrogates through, cyberphone copies invalid bytes. Depth: the cap
// of 128 is ours (admit.DefaultMaxDepth), no oracle has it. Numbers with
// no finite double: jsontext writes them as ±MaxFloat64 (pinned in
// fuzz/oracle/jsontext). Syntax: cyberphone reads any bare token that
// strconv.ParseFloat reads as a number ("01", "+1", ".5", "1.", "0x1p0",
// "Inf"), found by FuzzCanonicalizeMatchesOracles and pinned by
// TestCyberphoneRewritesForbiddenNumberTokens. Anything else is a finding.
func refusalExplained(refusal *admit.Error, ref oracle.Canonicalizer, input []byte) bool {
	switch refusal.Kind {
	case admit.DuplicateMember, admit.StringNotScalar, admit.TooDeep:
		return true
	case admit.NumberNotFinite:
		return ref.Name() == jsontext.Name
	case admit.Syntax:
		if ref.Name() != cyberphone.Name {
			return false
		}
		_, err := strconv.ParseFloat(string(bareToken(input, int(refusal.Offset))), 64)
		return err == nil
	}
	return false
}

// bareToken is the run of bytes around input[at] up to the nearest
// delimiter or whitespace on either side: the token cyberphone hands to
// strconv.ParseFloat.
func bareToken(input []byte, at int) []byte {
	delimiter := func(c byte) bool { return bytes.IndexByte([]byte(",:[]{}\" \t\r\n"), c) >= 0 }
	start, end := min(at, len(input)), min(at, len(input))
	for start > 0 && !delimiter(input[start-1]) {
		start--
	}
	for end < len(input) && !delimiter(input[end]) {
		end++
	}
	return input[start:end]
}

// oracleRefusalExplained says whether ref refusing an input we admit is
// its pinned behaviour: cyberphone refuses a top-level scalar.
func oracleRefusalExplained(ref oracle.Canonicalizer, input []byte) bool {
	trimmed := bytes.TrimLeft(input, " \t\r\n")
	return ref.Name() == cyberphone.Name && len(trimmed) > 0 && trimmed[0] != '{' && trimmed[0] != '['
}

// NumberMatchesOracles: for the double with these bits (NaN and the
// infinities, which JSON cannot hold, are skipped), format writes
// gen.ECMAScriptNumber's form (class model-differs), and every oracle
// canonicalizes the one-element array of the double's shortest Go
// spelling to the array of that form (oracle:NAME:differs, or a
// breakdown); with ecma set, Node's own String(x) is that form too
// (oracle:node/ecmascript:string-differs).
func NumberMatchesOracles(format NumberFormatter, refs []oracle.Canonicalizer, ecma *node.Oracle, bits uint64) *Violation {
	const name = "NumberMatchesOracles"
	f := math.Float64frombits(bits)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	got := format(nil, f)
	text := []byte("[" + strconv.FormatFloat(f, 'g', -1, 64) + "]")
	if want := gen.ECMAScriptNumber(f); string(got) != want {
		return violated(name, "model-differs", "double %016x written %q; Number::toString is %q", bits, got, want)
	}
	want := append(append([]byte("["), got...), ']')
	for _, ref := range refs {
		o := oracle.Run(ref, text)
		if o.Class() == oracle.Breakdown {
			return breakdown(name, o)
		}
		if o.Class() != oracle.Output || !bytes.Equal(o.Output, want) {
			return violated(name, "oracle:"+oracleName(o)+":differs", "double %016x written %q; %v", bits, got, o)
		}
	}
	if ecma != nil {
		s, err := ecma.FormatNumbers([]float64{f})
		if err != nil {
			return breakdown(name, oracle.Outcome{Oracle: oracle.Label(ecma), Err: err})
		}
		if string(got) != s[0] {
			return violated(name, "oracle:node/ecmascript:string-differs", "double %016x written %q, Node String(x) %q", bits, got, s[0])
		}
	}
	return nil
}

// CanonicalizeMatchesJCS holds any canonicalizer to targets/jcs under the
// default options: the same refusals, the same bytes. Classes:
// admits:KIND (it writes output for what jcs refuses as KIND), refuses,
// output-differs, breakdown:KIND. It is how an outside library's
// departures are pinned as incumbent vectors (findings/cyberphone, ...),
// and how the planted canonicalizers the minimizers are measured on are
// signed.
func CanonicalizeMatchesJCS(c oracle.Canonicalizer, input []byte) *Violation {
	name := "CanonicalizeMatchesJCS"
	o := oracle.Run(c, input)
	want, werr := jcs.Canonicalize(input, admit.Options{})
	switch {
	case o.Class() == oracle.Breakdown:
		v := breakdown(name, o)
		v.Class = "breakdown:" + v.Class[len("oracle:"+oracleName(o)+":breakdown:"):]
		return v
	case o.Class() == oracle.Output && werr != nil:
		return violated(name, "admits:"+verdict.AdmitKind(werr), "%v; jcs refuses: %v", o, werr)
	case o.Class() != oracle.Output && werr == nil:
		return violated(name, "refuses", "%v; jcs writes %q", o, want)
	case o.Class() == oracle.Output && !bytes.Equal(o.Output, want):
		return violated(name, "output-differs", "%v; jcs writes %q", o, want)
	}
	return nil
}

// oracleName is the name an outcome's oracle has in a violation's class:
// without its version, so that a signature outlives an upgrade.
func oracleName(o oracle.Outcome) string {
	name, _, _ := strings.Cut(o.Oracle, "@")
	return name
}
