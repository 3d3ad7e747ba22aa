package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/digest"
)

// FuzzDigestRequestInvariant (fuzz/digest): the digest of a raw request
// against its canonical form, its plain invocation and its members
// reordered, on the request and on the one gen.GenerateCall makes of the
// same bytes.
var _ = register(Target{
	Name: "FuzzDigestRequestInvariant", Stub: "fuzz/digest/digest_test.go",
	Checks:  "the digest of a raw request is that of its canonical form and of its plain invocation, in any member order",
	Input:   "a raw request, and as generator bytes (gen.GenerateCall)",
	Oracles: []string{"jcs.Canonicalize", "digest.Parse"},
	GoFuzz:  true,
	Seeds:   seeds.DigestRequests(),
	Planted: []Variant{
		{Fault: "digest over encoding/json", Impl: planted.DigestViaEncodingJSON, Efficacy: true},
	},
}, textTwice(digest.Sum, generatedRequest, property.DigestRequestInvariant))
