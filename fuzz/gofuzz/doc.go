// Package gofuzz holds the suite's fuzz properties in the shape that
// github.com/dvyukov/go-fuzz and libFuzzer (through go-fuzz-build
// -libfuzzer) expect: one func FuzzX(data []byte) int per property, in files
// built only with the gofuzz tag (go-fuzz-build sets it), so that a campaign
// can run on go-fuzz's coordinator and workers across machines, or on
// ClusterFuzzLite and OSS-Fuzz.
//
// The entry points are thin: each binds a property of properties.go to the
// real targets. The properties take the implementation under test as a
// function value and are built in every build, so that the ordinary tests
// replay the curated seeds through them and show that each one catches a
// planted fault. A property that does not hold panics with the full input,
// which go-fuzz and libFuzzer record as a crasher.
//
//	FuzzScanMatchesReference        admit.Scan and admit.Reference agree on kind and offset, under both profiles
//	FuzzCanonicalizeMatchesOracles  jcs.Canonicalize refuses what admit.Reference refuses; its output is admitted,
//	                                a fixed point, and the bytes of gowebpki/jcs and cyberphone when they write any
//	FuzzDigestRequestInvariant      digest.Sum is SHA-256 of the canonical invocation, and the same for the
//	                                canonical form of the request and for the plain invocation in any member order
//	FuzzGlobMatchesReference        bound.CompileGlob+Match agree with bound.ReferenceGlob; input is pattern NUL value
//
// Return values follow go-fuzz: 1 for an input the target admitted (worth
// mutating further), 0 for one it refused, -1 for one the property does not
// apply to (go-fuzz then keeps it out of the corpus).
//
// Build and run (see docs/DISTRIBUTED.md and scripts/gofuzz-cluster.sh):
//
//	go-fuzz-build -func FuzzScanMatchesReference -o admit.zip ./fuzz/gofuzz
//	go-fuzz -bin admit.zip -workdir work/gofuzz/FuzzScanMatchesReference
package gofuzz
