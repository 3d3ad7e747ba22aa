package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzWriterNeverPanics (fuzz/jcs): jcs.AppendAdmitted, the writer, on
// bytes admission never saw: the raw bytes, and the text gen.GenerateText
// makes of them, whose planted flaws (an escaped lone surrogate among
// them) the byte mutator rarely writes from an empty corpus; the writer's
// cause for each is held to admission's (RFC 8785 section 3.1).
var _ = register(Target{
	Name: "FuzzWriterNeverPanics", Stub: "fuzz/jcs/jcs_test.go",
	Checks: "output or a *WriteError, dst kept on error, never a panic",
	Input:  "raw bytes, not admitted, as a text and as generator bytes (gen.GenerateText)",
	Seeds:  writerDocuments(),
	Planted: []Variant{
		{Fault: "partial output kept on error", Impl: planted.WriterKeepsPartialOutput},
	},
}, textTwice(jcs.AppendAdmitted, generatedText, property.WriterNeverPanics))

// writerDocuments are the documents of RFC 8785, the admission probes and
// the writer's own probes.
func writerDocuments() []seeds.Seed {
	return concat(seeds.RFCSamples(), seeds.AdmitInputs(), seeds.WriterProbes())
}
