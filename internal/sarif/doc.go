// Package sarif writes what canonfuzz finds as a SARIF 2.1.0 log (OASIS
// Static Analysis Results Interchange Format 2.1.0, Errata 01), the format
// GitHub code scanning reads: the campaign's new failures, the
// differential study's departures and the mutation sweep's surviving and
// uncovered mutants, each written beside its JSON report as a .sarif file.
//
// A report package turns its report into a Log (rules, results with
// their locations, related locations and artifacts) and calls Write; the
// log itself is built by the go-sarif module's v2.1.0 object model, not
// by structs of this package. The tests validate every log against the
// official schema (internal/sarifschema).
//
// What GitHub needs of a result (its "SARIF support for code scanning"):
// a ruleId that a rule of tool.driver declares, a message, and a physical
// location whose artifactLocation.uri is relative to the repository root;
// Write refuses a log without them rather than upload one that code
// scanning would drop.
package sarif
