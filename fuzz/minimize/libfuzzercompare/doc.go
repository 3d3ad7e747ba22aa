// Package libfuzzercompare holds libFuzzer entry points of the planted-fault
// canonicalizers the minimizer is measured on, so that libFuzzer's
// -minimize_crash can start from the same crashers as minimize.Minimize
// (fuzz/minimize/compare-libfuzzer.sh, docs/MINIMIZE.md). Each entry point, built
// only with the gofuzz tag that go-fuzz-build sets, panics with the
// signature planted.Signer gives when the variant departs from
// jcs.Canonicalize:
//
//	go-fuzz-build -libfuzzer -func FuzzPlantedLastWins -o F.a ./fuzz/minimize/libfuzzercompare
//	clang -fsanitize=fuzzer F.a -o F
package libfuzzercompare

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// Check panics with the planted signature of data under variant, if it has
// one, and returns 0 otherwise (go-fuzz's "not interesting" is not used:
// every input may be mutated further).
func Check(variant string, data []byte) int {
	s, ok := planted.Signer(variant)
	if !ok {
		panic("libfuzzercompare: no planted variant " + variant)
	}
	if sig := minimize.Sign(s, data); sig != minimize.Pass {
		panic(string(sig))
	}
	return 0
}
