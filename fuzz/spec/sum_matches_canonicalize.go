package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/digest"
)

// FuzzSumMatchesCanonicalize (fuzz/digest): digest.Sum of an arguments
// text is SHA-256 of jcs.Canonicalize's invocation, under either profile.
var _ = register(Target{
	Name: "FuzzSumMatchesCanonicalize", Stub: "fuzz/digest/digest_test.go",
	Checks:  "Sum is SHA-256 of the canonical invocation, or both refuse alike; the JSON-RPC form agrees",
	Input:   "an arguments text, a profile",
	Oracles: []string{"jcs.Canonicalize"},
	Seeds:   seeds.DigestSums(),
	Planted: []Variant{
		{Fault: "digest over encoding/json", Impl: planted.DigestViaEncodingJSON, Efficacy: true},
	},
}, onArgs(digest.Sum, property.SumMatchesCanonicalize))
