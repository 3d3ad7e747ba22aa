// Package property holds every property of the suite — the checks that
// hold a target to its oracles — as library code, written once; the
// registry of fuzz targets that call them is fuzz/spec, one spec file per
// target.
//
// A property is a function of the implementation(s) under test and the
// input that returns nil or a *Violation: the property's name, a class of
// failure that stays the same while the input shrinks, a detail for people
// and the full input. Property:Class is the failure's signature, which the
// minimizer keeps and findings/ files vectors by. The implementation is a
// named function type (Scanner, Canonicalizer, Decider, ...), so that a
// planted fault of fuzz/planted plugs in where the real one does.
//
// The package also holds what every target's arguments are (Input, Param,
// and FromBytes, the reading of one byte string as arguments for go-fuzz
// and libFuzzer). The oracles a property compares against are passed in;
// the ones the fuzz targets share, and their lifecycle, are
// fuzz/oracle/installed's. A crash or hang of an oracle is a violation of
// its own class (oracle:NAME:breakdown:KIND); oracles that did not start,
// Unavailable.
//
// The properties, by area: admit.go (admission), jcs.go, jcs_parts.go,
// jcs_oracles.go and jcs_generated.go (the canonicalizer, its parts and
// its oracles), digest.go, bound_glob.go, argcanon.go (argument
// canonicalization, with the reference resolver in argcanon_resolver.go),
// bound_meet.go, bound_parse.go (with the probes of bound_probes.go),
// guard.go and guard_reference.go (with the JSON-RPC readers of
// fuzz/oracle/msgreader and the framing readers of fuzz/oracle/linereader)
// and minimize.go (the minimizer's own).
package property
