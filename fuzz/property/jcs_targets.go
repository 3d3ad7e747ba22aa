package property

import (
	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/node"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// The Go and Node oracle names, for the README rows.
var (
	goOracleNames   = []string{"gowebpki/jcs", "cyberphone", "jsontext"}
	nodeOracleNames = []string{"npm canonicalize", "npm json-canonicalize", "node/ecmascript"}
)

// withNode runs check with the Node oracles, or reports them unavailable.
func withNode(property string, check func(refs []oracle.Canonicalizer) *Violation) *Violation {
	refs, err := nodeCanonicalizers()
	if err != nil {
		return unavailable(property, err)
	}
	return check(refs)
}

// ecmascript is the ECMAScript ground-truth oracle among the Node ones.
func ecmascript() (*node.Oracle, error) {
	nodes, err := nodeOracles()
	if err != nil {
		return nil, err
	}
	for _, o := range nodes {
		if o.Name() == "node/ecmascript" {
			return o, nil
		}
	}
	return nil, errNoECMAScript
}

func jcsTargets() []*Target {
	raw, bits := []Param{Bytes}, []Param{Uint64}
	row := func(name, file, property, input string, params []Param, oracles ...string) Target {
		return Target{Name: name, Dir: "fuzz/jcs", File: file, Area: "jcs", Property: property, Input: input, Params: params, Oracles: oracles}
	}
	bothProfiles := func(text []byte) []Input { return []Input{{text, false}, {text, true}} }
	fixedPoint := row("FuzzCanonicalizeFixedPoint", "jcs_test.go", "CanonicalizeFixedPoint", "raw bytes, as a text and as generator bytes (gen.GenerateText), a profile (false: RFC 8785, true: I-JSON)", []Param{Bytes, Bool}, "encoding/json", "jcs.IsCanonical", "admit.Scan")
	fixedPoint.Text = bothProfiles
	writer := row("FuzzWriterNeverPanics", "jcs_test.go", "WriterNeverPanics", "raw bytes, not admitted", raw)
	writer.Text = oneText
	jsonText := row("FuzzCanonicalizeMatchesJSONText", "jcs_test.go", "CanonicalizeMatchesJSONText", textInput, raw, "jsontext")
	jsonText.Text = oneText
	oracles := row("FuzzCanonicalizeMatchesOracles", "oracles_test.go", "CanonicalizeMatchesOracles", textInput, raw, append([]string{"admit.Reference", "encoding/json"}, goOracleNames...)...)
	oracles.Text = oneText
	nodeRow := row("FuzzCanonicalizeMatchesNode", "node_test.go", "CanonicalizeMatchesOracles", textInput, raw, append([]string{"admit.Reference", "encoding/json"}, nodeOracleNames...)...)
	nodeRow.Text, nodeRow.Node = oneText, true
	generated := row("FuzzCanonicalizeGeneratedValue", "oracles_test.go", "GeneratedWritingsAgree", "generator bytes (gen.Generate)", raw, append([]string{"gen.Canonical"}, goOracleNames...)...)
	generatedNode := row("FuzzCanonicalizeGeneratedValueMatchesNode", "node_test.go", "GeneratedWritingsAgree", "generator bytes (gen.Generate)", raw, append([]string{"gen.Canonical"}, nodeOracleNames...)...)
	generatedNode.Node = true
	numbers := row("FuzzNumberFromBits", "oracles_test.go", "NumberMatchesOracles", "8 bytes, a double's bits (NaN, ±Inf skipped), and the double gen.Double makes of them as generator bytes", bits, append([]string{"gen.ECMAScriptNumber"}, goOracleNames...)...)
	numbersNode := row("FuzzNumberFromBitsMatchesNode", "node_test.go", "NumberMatchesOracles", "8 bytes, a double's bits (NaN, ±Inf skipped), and the double gen.Double makes of them as generator bytes", bits, append([]string{"gen.ECMAScriptNumber", "Node String(x)"}, nodeOracleNames...)...)
	numbersNode.Node = true
	goDoc := func(c Canonicalizer, doc []byte) *Violation { return GeneratedDocumentWritingsAgree(c, goOracles, doc) }
	nodeDoc := func(c Canonicalizer, doc []byte) *Violation {
		return withNode("GeneratedWritingsAgree", func(refs []oracle.Canonicalizer) *Violation { return GeneratedDocumentWritingsAgree(c, refs, doc) })
	}
	const valueDoc = "the JSON value gen.Generate makes, written plainly"
	return []*Target{
		withDocument(define(fixedPoint, jcs.Canonicalize, func(c ProfileCanonicalizer, in Input) *Violation {
			return rawAndGenerated(in.bytes(0), generatedText, func(text []byte) *Violation { return CanonicalizeFixedPoint(c, text, in.bool(1)) })
		}), textDocument, func(in Input) []byte { return generatedText(in.bytes(0)) }, func(c ProfileCanonicalizer, doc []byte) *Violation {
			return generatedClass(fixedPointBothProfiles(c, doc), "%q", doc)
		}),
		define(writer, jcs.AppendAdmitted, func(w Writer, in Input) *Violation { return WriterNeverPanics(w, in.bytes(0)) }),
		readTwice(jsonText, jcsDefault, generatedText, textDocument, CanonicalizeMatchesJSONText),
		define(row("FuzzCompareUTF16MatchesReference", "parts_test.go", "CompareUTF16MatchesReference", "two strings, and the two names gen.GenerateNames makes of them as generator bytes", []Param{String, String}, "jcs.ReferenceCompareUTF16"),
			[]Comparison{{"CompareUTF16", jcs.CompareUTF16}, {"CompareNames", jcs.CompareNames}},
			func(cs []Comparison, in Input) *Violation {
				if v := CompareUTF16MatchesReference(cs, in.string(0), in.string(1)); v != nil {
					return v
				}
				a, b := gen.GenerateNames([]byte(in.string(0) + "\x00" + in.string(1)))
				return generatedClass(CompareUTF16MatchesReference(cs, a, b), "names %+q, %+q", a, b)
			}),
		define(row("FuzzAppendNumberMatchesReference", "parts_test.go", "AppendNumberMatchesReference", "a double's bits, and the double gen.Double makes of them as generator bytes", bits, "jcs.ReferenceNumber", "strconv.ParseFloat"),
			jcs.AppendNumber, func(f NumberFormatter, in Input) *Violation {
				return bitsAndGenerated(in.uint64(0), func(bits uint64) *Violation { return AppendNumberMatchesReference(f, bits) })
			}),
		define(row("FuzzNumberTokenMatchesReference", "parts_test.go", "NumberTokenMatchesReference", "a number token", []Param{String}, "jcs.ReferenceNumber", "strconv.ParseFloat"),
			jcs.AppendNumberToken, func(w TokenWriter, in Input) *Violation { return NumberTokenMatchesReference(w, in.string(0)) }),
		define(row("FuzzNumberTokenOfDoubleMatchesReference", "parts_test.go", "NumberTokenOfDoubleMatchesReference", "a double's bits, a digit count", []Param{Uint64, Uint8}, "jcs.ReferenceNumber"),
			jcs.AppendNumberToken, func(w TokenWriter, in Input) *Violation {
				return NumberTokenOfDoubleMatchesReference(w, in.uint64(0), in.uint8(1))
			}),
		define(row("FuzzAppendStringMatchesReference", "parts_test.go", "AppendStringMatchesReference", "a string, escape choices", []Param{String, Uint64}, "jcs.ReferenceString"),
			StringCodec{Append: jcs.AppendStringToken, Decode: jcs.DecodeStringToken},
			func(c StringCodec, in Input) *Violation {
				return AppendStringMatchesReference(c, in.string(0), in.uint64(1))
			}),
		define(row("FuzzDecimalToFloatMatchesParseFloat", "parts_test.go", "DecimalToFloatMatchesParseFloat", "a decimal, w × 10^q, and the decimal gen.Decimal makes of them as generator bytes", []Param{Uint64, Int}, "strconv.ParseFloat"),
			jcs.DecimalToFloat, func(d DecimalDecider, in Input) *Violation {
				if v := DecimalToFloatMatchesParseFloat(d, in.uint64(0), in.int(1)); v != nil {
					return v
				}
				w, q := gen.Decimal(littleEndian(in.uint64(0), uint64(in.int(1))))
				return generatedClass(DecimalToFloatMatchesParseFloat(d, w, q), "decimal %de%d", w, q)
			}),
		readTwice(oracles, jcsDefault, generatedText, textDocument, func(c Canonicalizer, text []byte) *Violation {
			return CanonicalizeMatchesOracles(c, goOracles, text)
		}),
		readTwice(nodeRow, jcsDefault, generatedText, textDocument, func(c Canonicalizer, text []byte) *Violation {
			return withNode("CanonicalizeMatchesOracles", func(refs []oracle.Canonicalizer) *Violation {
				return CanonicalizeMatchesOracles(c, refs, text)
			})
		}),
		withDocument(define(generated, jcsDefault, func(c Canonicalizer, in Input) *Violation {
			return GeneratedWritingsAgree(c, goOracles, in.bytes(0))
		}), valueDoc, plainValue, goDoc),
		withDocument(define(generatedNode, jcsDefault, func(c Canonicalizer, in Input) *Violation {
			return withNode("GeneratedWritingsAgree", func(refs []oracle.Canonicalizer) *Violation {
				return GeneratedWritingsAgree(c, refs, in.bytes(0))
			})
		}), valueDoc, plainValue, nodeDoc),
		define(numbers, jcs.AppendNumber, func(f NumberFormatter, in Input) *Violation {
			return bitsAndGenerated(in.uint64(0), func(bits uint64) *Violation { return NumberMatchesOracles(f, goOracles, nil, bits) })
		}),
		define(numbersNode, jcs.AppendNumber, func(f NumberFormatter, in Input) *Violation {
			ecma, err := ecmascript()
			if err != nil {
				return unavailable("NumberMatchesOracles", err)
			}
			return withNode("NumberMatchesOracles", func(refs []oracle.Canonicalizer) *Violation {
				return bitsAndGenerated(in.uint64(0), func(bits uint64) *Violation { return NumberMatchesOracles(f, refs, ecma, bits) })
			})
		}),
	}
}
