package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// FuzzGuardForwardsOnlyWhatEveryParserReadsInside (fuzz/guard): what
// guard.Decide sends is one line to every framing reader and one tree to
// every JSON reader, and a forward is inside the bound; its document is the
// message gen.GenerateMessage makes.
var _ = register(Target{
	Name: "FuzzGuardForwardsOnlyWhatEveryParserReadsInside", Stub: "fuzz/guard/guard_test.go",
	Checks: "what the guard sends is one line to every framing reader and one tree to every JSON reader; forwards are inside the bound",
	Input:  "raw bytes, as a message and as generator bytes (gen.GenerateMessage)",
	Oracles: []string{"JSON-RPC readers (fuzz/oracle/msgreader: last-wins, first-wins, strict, caseless, C strings)", "bound.Check",
		"framing readers (fuzz/oracle/linereader: lf, crlf, cr, python-universal, python-splitlines, node-readline)"},
	Text:    oneText,
	Seeds:   guardMessages(),
	Sources: []seeds.Source{guardVectors},
	Planted: []Variant{
		{Fault: "last duplicate wins, no admission (encoding/json)", Impl: planted.GuardLastWins},
		{Fault: "original bytes forwarded after a first-wins check", Impl: planted.GuardForwardsInput, Efficacy: true},
		{Fault: "relays CRs", Impl: planted.GuardRelaysRaw},
	},
}, onArg(guard.Decide, property.GuardForwardsOnlyWhatEveryParserReadsInside).
	withDocument(generatedMessage, property.GuardDecisionReadsInside))

// guardVectors are the guard's conformance vectors, read where they are.
var guardVectors = seeds.Payloads("targets/guard/testdata/vectors", "the guard's conformance vectors", "", true, seeds.AsBytes)
