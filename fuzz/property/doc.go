// Package property holds every property of the suite — the checks that
// hold a target to its oracles — as library code, written once, and the
// registry of every fuzz target of the module (Targets, Lookup).
//
// A property is a function of the implementation(s) under test and the
// input that returns nil or a *Violation: the property's name, a class of
// failure that stays the same while the input shrinks, a detail for people
// and the full input. Property:Class is the failure's signature, which the
// minimizer keeps and findings/ files vectors by.
//
// A Target binds a property to the module's real implementation (Real) or
// to any other of the same type (With), such as a planted fault of
// fuzz/planted, and says how its arguments read from the bytes that
// go-fuzz and libFuzzer hand over (FromBytes), which raw text of its area
// it can be checked on (Text), and, for a generator target, the document
// its generator makes (DocumentOf, CheckDocument). Every engine and tool
// goes through it:
//
//   - the native fuzz targets (fuzz/admit, jcs, digest, bound, guard, and
//     minimize's own) through fuzz/native;
//   - the go-fuzz and libFuzzer entry points of fuzz/gofuzz;
//   - the planted-fault tests and fixtures of fuzz/planted;
//   - the minimizer's signers (fuzz/signer) and findings/' replay.
//
// The targets whose input is raw (a text, a request, a provenance object,
// a message, a string, a number's bits) read the same bytes a second time
// as generator bytes (gen.GenerateText, GenerateCall, GenerateChainProbe,
// GenerateMessage, GenerateNames, GeneratePathPair, Double, Decimal) and
// hold the property on what the generator makes too, so that the engine
// reaches from an empty corpus the constructs a byte mutator does not
// write; a failure of that reading signs as generated:CLASS
// (generated.go), and its document is the generated input.
//
// Oracles that are processes (the Node oracles) are started on first use
// and kept for every check after it, across a fuzzing worker's executions
// and a minimizer's tries; Close stops them. A crash or hang of an oracle
// is a violation of its own class (oracle:NAME:breakdown:KIND).
//
// The properties, by area: admit.go (admission), jcs.go, jcs_parts.go,
// jcs_oracles.go and jcs_generated.go (the canonicalizer, its parts and
// its oracles), digest.go, bound_glob.go, argcanon.go (argument
// canonicalization, with the reference resolver in argcanon_resolver.go),
// bound_meet.go, bound_parse.go, guard.go (with the JSON readers of
// guard_readers.go and the framing readers of fuzz/oracle/linereader) and
// minimize.go (the minimizer's own).
package property
