package fuzz_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/jsontext"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// canonicalizer is an implementation under test: jcs.Canonicalize with the
// default options in the fuzz targets, a planted fault in
// TestPlantedFaultsAreFound.
type canonicalizer func(input []byte) ([]byte, error)

// jcsDefault is the real target.
func jcsDefault(input []byte) ([]byte, error) { return jcs.Canonicalize(input, admit.Options{}) }

// canonicalizeMatchesOracles is the property of FuzzCanonicalizeMatchesOracles
// and FuzzCanonicalizeMatchesNode, for any bytes:
//
//   - impl refuses exactly what admit.Reference, the slow reference
//     scanner, refuses, and its refusal is an *admit.Error;
//   - a refusal that an oracle does not share (it writes output) is one of
//     the expected kinds, see refusalExplained;
//   - an admitted input's output is admitted, is a fixed point of impl,
//     decodes (encoding/json) to the input's value, and equals the output
//     of every oracle; an oracle that refuses it instead does so for a
//     reason pinned in oracleRefusalExplained.
//
// It returns nil or a *finding with the full input.
func canonicalizeMatchesOracles(impl canonicalizer, refs []oracle.Canonicalizer, input []byte) error {
	out, err := impl(input)
	refErr := admit.Reference(input, admit.Options{})
	switch {
	case err == nil && refErr != nil:
		return violated(input, nil, "admitted and written as %q, but admit.Reference refuses it: %v", out, refErr)
	case err != nil && refErr == nil:
		return violated(input, nil, "refused (%v), but admit.Reference admits it", err)
	case err != nil:
		var refusal *admit.Error
		if !errors.As(err, &refusal) {
			return violated(input, nil, "refused with %T %v, not an *admit.Error", err, err)
		}
		for _, ref := range refs {
			o := oracle.Run(ref, input)
			if o.Class() == oracle.Breakdown || o.Class() == oracle.Output && !refusalExplained(refusal, ref, input) {
				return violated(input, []oracle.Outcome{o}, "refused as %v; an oracle does otherwise", err)
			}
		}
		return nil
	}
	if err := admit.Scan(out, admit.Options{}); err != nil {
		return violated(input, nil, "output %q is refused: %v", out, err)
	}
	if again, err := impl(out); err != nil || !bytes.Equal(again, out) {
		return violated(input, nil, "not a fixed point: %q, then %q, %v", out, again, err)
	}
	var before, after any
	if json.Unmarshal(input, &before) != nil || json.Unmarshal(out, &after) != nil || !reflect.DeepEqual(before, after) {
		return violated(input, nil, "output %q is not the input's value (encoding/json: %v, then %v)", out, before, after)
	}
	for _, ref := range refs {
		o := oracle.Run(ref, input)
		switch {
		case o.Class() == oracle.Output && !bytes.Equal(o.Output, out):
			return violated(input, []oracle.Outcome{o}, "output %q differs from an oracle's", out)
		case o.Class() == oracle.Refusal && !oracleRefusalExplained(ref, input):
			return violated(input, []oracle.Outcome{o}, "output %q; an oracle refuses the input", out)
		case o.Class() == oracle.Breakdown:
			return violated(input, []oracle.Outcome{o}, "output %q; an oracle breaks down", out)
		}
	}
	return nil
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
// "Inf"), found by this target. Anything else is a finding.
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
