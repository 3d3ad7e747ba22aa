package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/digest"
)

// FuzzParseNeverPanics (fuzz/digest): digest.Parse of any request gives an
// invocation of slices of it or a typed refusal, both as the reference
// reader of SEP-3246 section 2.1 reads the request, on the request and on
// the flawed one gen.GenerateFlawedRequest makes of the same bytes.
var _ = register(Target{
	Name: "FuzzParseNeverPanics", Stub: "fuzz/digest/digest_test.go",
	Checks:  "an invocation of slices of the request, or a typed refusal, never Unreadable; the reference reader's outcome (kind, pointer, offset, the parts)",
	Input:   "a raw request, and as generator bytes (gen.GenerateFlawedRequest)",
	Oracles: []string{"the reference tools/call reader", "admit.Reference"},
	Seeds:   seeds.DigestRequests(),
	Planted: []Variant{
		{Fault: "the refusal's type lost", Impl: planted.ParseLosesErrorType, Efficacy: true},
	},
}, textTwice[property.InvocationParser](digest.Parse, generatedFlawedRequest, property.ParseNeverPanics))
