// Package fuzzscore measures the fuzzers' own mutation score: every
// mutant of the refusal-site sweep (package mutation), switched on through
// its schema (CANONFUZZ_MUTANT, one instrumented fuzz binary per package,
// a constant change built on its own), is fuzzed by the fuzz targets whose
// seed replay reaches its site, with every committed seed withheld (no
// f.Add, no testdata/fuzz: the planted build's CANONFUZZ_SEEDS=withheld),
// for a budget, through the campaign's pipeline (package campaign).
//
// A failing input is a kill only when it is confirmed: replayed with the
// mutant on it fails, replayed on the unmutated build (the same binary
// without CANONFUZZ_MUTANT) it passes. It is then minimized under its
// signature with the mutant on, as every campaign failure is, by the
// canonfuzz command built with the same overlay. A fuzzing process that
// hangs or crashes, an input the unmutated build fails too, an input that
// does not fail again: each is reported as what it is, never as a kill.
//
// The results are the Stryker-schema report.json whose killedBy names the
// fuzz targets, fuzz-score.json (per mutant and trial: the targets tried,
// the one that found it, seconds and executions to the kill) and a
// summary that puts the fuzzers' score beside the tests' score on the
// same mutants and lists the blind spots: mutants the tests kill and the
// fuzzers do not. See docs/EFFICACY.md.
package fuzzscore
