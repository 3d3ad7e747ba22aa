package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/digest"
)

// FuzzParseNeverPanics (fuzz/digest): digest.Parse of any request gives an
// invocation of slices of it or a typed refusal.
var _ = register(Target{
	Name: "FuzzParseNeverPanics", Stub: "fuzz/digest/digest_test.go",
	Checks: "an invocation of slices of the request, or a typed refusal, never Unreadable",
	Input:  "a raw request",
	Text:   oneText,
	Seeds:  seeds.DigestRequests(),
	Planted: []Variant{
		{Fault: "the refusal's type lost", Impl: planted.ParseLosesErrorType, Efficacy: true},
	},
}, Checked[property.InvocationParser]{
	Real: digest.Parse,
	Check: func(p property.InvocationParser, in property.Input) *property.Violation {
		return property.ParseNeverPanics(p, in.Bytes(0))
	},
})
