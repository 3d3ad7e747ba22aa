package gofuzz

import (
	"crypto/sha256"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/gowebpki"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/digest"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// The real targets, as the properties take them. The FuzzX entry points
// (gofuzz tag) and the seed replay tests use exactly these.

func canonicalize(input []byte) ([]byte, error) { return jcs.Canonicalize(input, admit.Options{}) }

// goOracles are the in-process oracles: both are pure Go and hold no
// state, so a worker runs them on every admitted input at little cost.
var goOracles = []oracle.Canonicalizer{gowebpki.New(), cyberphone.New()}

func digestSum(request []byte) ([sha256.Size]byte, error) {
	return digest.Sum(request, admit.Options{})
}

func compileGlob(pattern string) (func(string) bool, error) {
	g, err := bound.CompileGlob(pattern)
	if err != nil {
		return nil, err
	}
	return g.Match, nil
}

// Each entry point's property, bound to the real targets, by name.
var properties = map[string]func(data []byte) int{
	"FuzzScanMatchesReference":       func(data []byte) int { return admission(admit.Scan, data) },
	"FuzzCanonicalizeMatchesOracles": func(data []byte) int { return canonicalization(canonicalize, goOracles, data) },
	"FuzzDigestRequestInvariant":     func(data []byte) int { return digestInvariance(digestSum, data) },
	"FuzzGlobMatchesReference":       func(data []byte) int { return globAgreement(compileGlob, data) },
}
