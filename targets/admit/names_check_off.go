//go:build canonfuzz_nodupcheck

package admit

// checkNames is off only in the benchmark build tagged
// canonfuzz_nodupcheck: the scan admits repeated member names, against RFC
// 8785 section 3.1, so that `go test -tags canonfuzz_nodupcheck -bench`
// measures admission without the duplicate-name check (issue 20,
// docs/PERFORMANCE.md). No Makefile target, script or product build sets
// the tag; TestDefaultBuildChecksNames fails in the default build if it
// were ever the default.
const checkNames = false
