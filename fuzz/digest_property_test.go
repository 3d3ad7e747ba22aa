package fuzz_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/digest"
)

// digester is an action digest under test: digest.Sum in the fuzz
// target, a planted fault in TestPlantedFaultsAreFound.
type digester func(request []byte) ([sha256.Size]byte, error)

// digestSum is the real target, under the default options.
func digestSum(request []byte) ([sha256.Size]byte, error) {
	d, err := digest.Sum(request, admit.Options{})
	return d, err
}

// digestRepresentationInvariant is the property of
// FuzzDigestRepresentationInvariant: the tools/call request gen.GenerateCall
// makes of data has, however it is written (plainly, in two random
// representations, as the plain three-member invocation object, and with
// another id and a _meta member, which the digest does not cover), the
// digest SHA-256(gen.Canonical({"method","name","arguments"})).
func digestRepresentationInvariant(sum digester, data []byte) error {
	c := gen.GenerateCall(data)
	want := sha256.Sum256(gen.Canonical(c.Invocation()))
	a, b := writingSeeds(data)
	other := c
	other.ID = gen.Value{Kind: gen.String, Str: fmt.Sprint("other-", a)}
	other.Meta = &gen.Value{Kind: gen.Object, Members: []gen.Member{{Name: "progressToken", Value: gen.Value{Kind: gen.Number, Num: float64(b % 1000)}}}}
	for i, text := range [][]byte{
		gen.Write(c.Request(), 0),
		gen.Write(c.Request(), a),
		gen.Write(c.Request(), b),
		gen.Write(c.Invocation(), a),
		gen.Write(other.Request(), b),
	} {
		got, err := sum(text)
		if err != nil || got != want {
			return violated(text, nil, "writing %d of gen.GenerateCall(%q): digest %x, %v; want %x, the SHA-256 of %q",
				i, data, got, err, want, gen.Canonical(c.Invocation()))
		}
	}
	return nil
}
