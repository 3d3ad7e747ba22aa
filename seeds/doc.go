// Package seeds is the one seed catalogue of the suite's fuzz targets:
// each seed a named input with a comment saying what it probes, drawn from
// the sources the targets implement (RFC 8785's samples, the key-order
// cases, the admission design's incumbent table, the 13 argument vectors
// of the action-digest probe, SEP-3246's worked example), and the vector
// folders of the targets, read where they are.
//
// Every engine takes its seeds from here: a native fuzz target adds them
// with f.Add (fuzz/native), the go-fuzz and libFuzzer corpora are written
// from them (fuzz/gofuzz), and the planted-fault tests start from them
// (fuzz/planted). testdata/fuzz/ of a fuzz target's package holds only
// inputs an engine found, kept as regressions. For fails when a target
// has no seeds; the tests fail when a seed does not fit its target's
// arguments or a target of the registry (fuzz/property) has no entry.
//
// `go generate ./seeds` writes seeds/INDEX.md.
package seeds

//go:generate go run ./writeseeds
