package property

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
)

// The targets whose input is raw (a text, a string, a number's bits) read
// the same bytes a second time as generator bytes and hold the property on
// what the generator makes of them too, so that one execution tests both:
// the raw input, where the byte-level faults are, and a structured one with
// the constructs a byte mutator does not write from an empty corpus
// (duplicate names, names on both sides of the UTF-16 divide, astral names,
// noncharacters, numbers at the edges of Number::toString and past 2^53,
// %25 escapes, chains of hops).
//
// A failure of the generated reading has the property's class after
// "generated:" (ScanMatchesReference:generated:rfc8785:kind:...), so that
// the minimizer, which keeps the signature, never trades a raw failure for
// bytes that are no text of the area but generate one that fails, nor the
// other way round; the document form of such a target is the generated
// input, which signs as the generator bytes did (generatedClass), so the
// vector a person reads is the text, call, provenance object or message.

// generatedPrefix begins the class of a failure of the generated reading.
const generatedPrefix = "generated:"

// rawAndGenerated holds check on raw and then on what generate makes of
// the same bytes.
func rawAndGenerated(raw []byte, generate func([]byte) []byte, check func(text []byte) *Violation) *Violation {
	if v := check(raw); v != nil {
		return v
	}
	doc := generate(raw)
	return generatedClass(check(doc), "%q", doc)
}

// generatedClass marks v, if any, as a failure of the generated reading,
// whose input the detail shows as format and args say.
func generatedClass(v *Violation, format string, args ...any) *Violation {
	if v == nil {
		return nil
	}
	v.Class = generatedPrefix + v.Class
	v.Detail = "generated " + fmt.Sprintf(format, args...) + ": " + v.Detail
	return v
}

// generatedText is the JSON text gen.GenerateText makes of data.
func generatedText(data []byte) []byte { return gen.GenerateText(data) }

// generatedRequest is the tools/call request gen.GenerateCall makes of
// data, written plainly.
func generatedRequest(data []byte) []byte { return gen.Write(gen.GenerateCall(data).Request(), 0) }

// generatedProvenance is the provenance object gen.GenerateChainProbe
// makes of data: one to three hops of eq, in, prefix, glob and and over
// related paths.
func generatedProvenance(data []byte) []byte { return gen.GenerateChainProbe(data).Provenance }

// generatedMessage is the client message gen.GenerateMessage makes of
// data.
func generatedMessage(data []byte) []byte { return gen.GenerateMessage(data).Text }

// littleEndian is the generator bytes of fixed-size arguments: each
// value's eight bytes, least significant first, so that the small values
// Go's engine steps a number through from zero (it adds or subtracts at
// most 100) vary the first choices a generator reads.
func littleEndian(values ...uint64) []byte {
	out := make([]byte, 0, 8*len(values))
	for _, v := range values {
		out = binary.LittleEndian.AppendUint64(out, v)
	}
	return out
}

// bitsAndGenerated holds check on a double's bits and then on the bits of
// the double gen.Double makes of them as generator bytes.
func bitsAndGenerated(bits uint64, check func(bits uint64) *Violation) *Violation {
	if v := check(bits); v != nil {
		return v
	}
	x := gen.Double(littleEndian(bits))
	return generatedClass(check(math.Float64bits(x)), "double %v", x)
}

// textInput is what the targets of one raw text that also read it as
// gen.GenerateText's bytes take.
const textInput = "raw bytes, as a text and as generator bytes (gen.GenerateText)"

// textDocument is the document of those targets.
const textDocument = "the JSON text gen.GenerateText makes"

// readTwice defines a target of one raw input t whose property check holds
// on the input as it is and on what generate makes of the same bytes; the
// document is that generated input (what), checked as a raw input and
// signing as the generated reading does.
func readTwice[I any](t Target, real I, generate func([]byte) []byte, what string, check func(impl I, raw []byte) *Violation) *Target {
	return withDocument(define(t, real, func(impl I, in Input) *Violation {
		return rawAndGenerated(in.bytes(0), generate, func(raw []byte) *Violation { return check(impl, raw) })
	}), what, func(in Input) []byte { return generate(in.bytes(0)) }, func(impl I, doc []byte) *Violation {
		return generatedClass(check(impl, doc), "%q", doc)
	})
}
