// Package gofuzz holds go-fuzz and libFuzzer (through go-fuzz-build
// -libfuzzer) entry points of fuzz targets of the registry of
// fuzz/property: one func FuzzX(data []byte) int per target, in files built
// only with the gofuzz tag (go-fuzz-build sets it), so that a campaign can
// run on go-fuzz's coordinator and workers across machines, or on
// ClusterFuzzLite and OSS-Fuzz.
//
// An entry point is its registry target, the very property the native
// target of the same name checks: its arguments are read from the
// engine's bytes with property.FromBytes (one []byte as it is; a pattern
// and a value as pattern NUL value), and a property that does not hold
// panics with its *property.Violation, which quotes the full input and
// which go-fuzz and libFuzzer record as a crasher. The seed corpora are the
// seeds the target's spec file lists, in those bytes.
//
//	FuzzScanMatchesReference        admit.Scan and admit.Reference agree on kind and offset, under 5 option sets
//	FuzzCanonicalizeMatchesOracles  jcs.Canonicalize refuses what admit.Reference refuses; its output is admitted,
//	                                a fixed point, the input's value and the bytes of every Go oracle
//	FuzzDigestRequestInvariant      digest.Sum is SHA-256 of the canonical invocation, and the same for the
//	                                canonical form of the request and for the plain invocation in any member order
//	FuzzGlobMatchesReference        bound.CompileGlob+Match agree with bound.ReferenceGlob; input is pattern NUL value
//
// Every entry point returns 0, go-fuzz's "nothing special": the
// properties do not grade inputs, so none is given priority and none is
// kept out of the corpus.
//
// Build and run (see docs/DISTRIBUTED.md and scripts/gofuzz-cluster.sh):
//
//	go-fuzz-build -func FuzzScanMatchesReference -o admit.zip ./fuzz/gofuzz
//	go-fuzz -bin admit.zip -workdir work/gofuzz/FuzzScanMatchesReference
package gofuzz

//go:generate go run ./writeentries
