// Package campaign runs a fuzz campaign over the suite's fuzz targets and
// takes every failure, whatever the engine that found it, through one
// pipeline: the failing bytes (never a path to read again) to a Minimizer
// (Reducer: findings.ReduceInput under the target's signer), the vector to
// findings/.
//
//   - EngineNative: it finds the native targets, builds each package's
//     test binary once, fuzzes one target per process (Go fuzzes one
//     target at a time) under a per-target deadline, follows each
//     process's progress lines, keeps the generated corpus in a work
//     directory so the next campaign resumes from it. A failure on a seed
//     corpus entry keeps its input too: a file of testdata/fuzz, or the
//     N-th seed the target adds in code (seed#N, spec.SeedsOf).
//   - EngineGoFuzz, EngineLibFuzzer: it runs go-fuzz
//     (scripts/gofuzz-cluster.sh) or the libFuzzer builds
//     (scripts/libfuzzer-build.sh) of the entry points of fuzz/gofuzz, or
//     takes the crashers an earlier run left (Config.From: a go-fuzz
//     workdir, ClusterFuzzLite's crash files), and hands each crasher to
//     the same Minimizer.
//
// A campaign survives its targets: a target that crashes, fails or hangs is
// recorded as such and the campaign goes on with the next. A run that
// names no failing input is never a failure: an engine that ran out of its
// own budget is StatusOverran, with its log. A target whose engine's
// execution count stood still for a progress interval up to the end of
// its budget hung on an input the engine did not name (Go reports a hung
// input only after 10 s of it): StatusHung, as a run killed at the
// campaign's deadline, never StatusOK. An I/O error is never a
// finding either: a folder or file the campaign cannot read or write
// (Config.From, Config.Bin, Config.Workdir, a crasher file) ends the
// campaign with ErrIO, no report and nothing minimized.
//
// campaign.json and campaign.md report every target, and campaign.sarif
// every new failure for GitHub code scanning (Report.SARIF, SARIF 2.1.0);
// the efficacy benchmark (campaign/efficacy) runs the same pipeline against
// planted faults.
package campaign
