// Package mutation is the refusal-site mutation sweep: it finds every place
// where a target of canonfuzz refuses (a typed refusal of admit, jcs, digest
// and bound constructed or returned, a guard rejection or JSON-RPC error
// path, an empty meet dropped, a malformed provenance answered), silences or
// blurs each one with a few operators, and shows which test goes red.
//
// # What a site is
//
// Sites are found by analysis, with go/ast and go/types, never by a list of
// lines: a refusal type is a struct type of a target package that implements
// error (admit.Error, bound.MalformedError, guard.Refusal...); a sentinel is a
// package-level error variable or a constant of a string kind type that
// implements error (admit.Syntax); a constructor helper is a function whose
// body is one return of a refusal literal (scanner.fail, bound.malformed).
// Every statement of a target's non-test code that builds, returns or passes
// on such a value is a site; so is every return of false from a meet
// (a function named meet... returning (Constraint or Rule, bool)) and every
// check of such a result that drops a rule. A site's identity is its
// package, function, ordinal among the function's sites and a hash of the
// statement ([Site.ID]), so an edit elsewhere in a file does not rename it.
//
// # Operators
//
//   - DropCheck: the condition that leads to the refusal forced false (if,
//     else, tagless case), or the statement removed.
//   - SwapKind: the kind, class, code or sentinel swapped for its neighbour
//     in its declaration group (admit.Syntax for admit.TrailingContent).
//   - ShiftOffset: the reported offset moved by one.
//   - ShiftCap: a comparison against a cap in the guarding condition moved by
//     one (> for >=).
//   - ShiftLimit: a numeric constant the refusal depends on changed by one.
//   - ReturnSuccess: the refusal returned as success (nil, or true from a
//     meet).
//
// A mutant that does not type-check is CompileError, never a kill.
//
// # How it is fast
//
// Mutants are never written into the tree: `go test -overlay` replaces the
// files. All mutants of a package that type-check are compiled at once into
// one mutant schema (each mutation guarded by its id, chosen at run time by
// the CANONFUZZ_MUTANT environment variable), so every test binary of the
// module is built once. A coverage run of every test on its own, with the
// schema recording which mutation points each test reaches, gives the
// coverage map (cached by the hash of the test binary and its testdata) and
// the uncached baseline times the time-outs are computed from, with a floor.
// A mutant then runs only the tests that reach it, fastest first, with
// -test.failfast, in its own package and then in every package that imports
// it. Constant changes cannot be schematized; they are built one by one.
//
// The report (report.json, report.md, report.html) follows Stryker's
// mutation-testing-report-schema, version 2, and its metrics; report.sarif
// holds its surviving and uncovered mutants for GitHub code scanning
// (Report.SARIF, SARIF 2.1.0).
package mutation
