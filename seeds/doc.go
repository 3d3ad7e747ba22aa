// Package seeds is the curated seed corpus of the suite's fuzz targets: each
// seed a named input with a comment saying what it probes, drawn from the
// sources the targets implement (RFC 8785's samples, the key-order cases,
// the admission design's incumbent table, the 13 argument vectors of the
// action-digest probe, SEP-3246's worked example).
//
// `go generate ./seeds` writes every seed into its target's
// testdata/fuzz/FuzzX/ in the `go test fuzz v1` format, so that every
// `go test` replays it, and the seeds of byte-slice targets into
// seeds/gofuzz/FuzzX/corpus/ for go-fuzz. The tests here fail when the files
// on disk are not what the catalogue generates, when a seed's values do not
// fit its target's f.Fuzz signature, and when a fuzz target has no seeds.
package seeds

//go:generate go run ./writeseeds
