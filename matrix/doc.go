// Package matrix is the differential study of issue 12: every RFC 8785
// canonicalizer against every other, and every SEP-3246 guard against our
// hardened model and the readings of the text, as a report anyone can
// rerun (canonfuzz matrix).
//
// It is a tool beside minimize/ and findings/, not a target and not a fuzz
// harness: it runs a labelled, seeded corpus ([Generate], plus any folders
// of inputs) through a set of implementations behind one interface
// ([oracle.Canonicalizer] for canonicalizers, [Guard] for guards), in
// process or as programs speaking the subprocess protocol
// (fuzz/oracle/subprocess/PROTOCOL.md), and computes, in the manner of the
// seeds' study (shared/seeds 002 and 004) and of cedar-spec's differential
// testing:
//
//   - the byte differential over the inputs every implementation accepts:
//     per implementation, how often it is the minority, on which categories;
//   - the accept/refuse surface: which implementations form blocs on which
//     categories;
//   - HMAC-SHA256 sign-then-verify over every ordered pair of
//     implementations, with a fixed key, over the inputs both accept;
//   - the action digest (BASE64URL(SHA-256(JCS({method, name, arguments}))))
//     of the 13 vectors of the action-digest probe (seed 000).
//
// With all seven of the seeds' libraries among the implementations it also
// computes that study's headline on them alone ([SeedsReplication]). The
// implementations no registry here serves (the Python, Java and Rust ones)
// run through adapters of ours in impls/, built outside this repository
// from the sources impls/sources.txt records and listed in a folder's
// impls.txt for [OpenExt] (ext.go documents the format). The corpus is
// also written as a JCS conformance suite ([ConformanceCases],
// [WriteConformance]: y_/n_/i_ cases in JSONTestSuite's convention, each
// with its RFC 8785, RFC 7493 or RFC 8259 clause, and every
// implementation's results, [Judge]), and each minimized departure as a
// ready-to-file report ([WriteReports]).
//
// For guards ([RunGuards]) it generates provenance chains and probe calls
// (seeded ones and the named corners of the meet), asks each guard for
// admit or deny, judges each answer by the hardened model (every hop's
// bound must admit the call, targets/bound's Check: exact to the reading
// bound.Hardened), judges each departure again by every reading of the
// text (guardreadings.go: a violation, an ambiguity or our hardening),
// classes each departure by its cause (diagnose.go: the reading, the
// smallest part of the chain that shows it, its operators, the
// canonicalization step at fault) and minimizes one example per class,
// keeping that cause and its verdict.
//
// Every reduction is bounded by a count of tries ([Budget]), so a rerun
// writes the same bytes on any machine at any load; the clock is a safety
// net whose firing is reported.
//
// A crash, hang or protocol fault of an implementation is recorded against
// it with the input and never stops the run.
package matrix
