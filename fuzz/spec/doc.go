// Package spec is the registry of every fuzz target of the module, built
// from one spec file per target: the file named after the target
// (FuzzScanMatchesReference is scan_matches_reference.go) declares, with
// one call to register, where its native stub is, the property of
// fuzz/property it holds and on what arguments, what it checks, its
// oracles, its seeds (its own and the shared sets of seeds/ and
// seedsets.go), the vector folders it reads more from, its document form,
// whether it has a go-fuzz entry point, and the implementation the module
// ships. Everything else reads the registry (Targets, Lookup): the native
// binding (fuzz/native), the go-fuzz and libFuzzer entry points
// (fuzz/gofuzz, generated from it), the planted faults (fuzz/planted), the
// minimizer's signer (fuzz/signer), findings/' replay, the campaign, the
// README's table of targets and seeds/INDEX.md.
//
// A target whose input is raw (a text, a request, a provenance object, a
// message, a string, a number's bits) also reads the same bytes as
// generator bytes and holds its property on what the generator makes of
// them (read.go: rawThenGenerated, textTwice, doubleTwice), signing a
// failure of that reading generated:CLASS.
//
// Adding a target is its spec file and its one-line native stub
// (fuzz/README.md, "Adding a fuzz target"); the tests hold the registry to
// the module's source, every seed to its target's arguments, and the
// README and seeds/INDEX.md to the registry.
package spec

//go:generate go run ./writeseeds
