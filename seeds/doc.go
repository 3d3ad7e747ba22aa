// Package seeds is the data the fuzz targets' seeds are drawn from,
// below fuzz/ and importing nothing of it: the sources the targets
// implement (RFC 8785's samples and Appendix B, the key-order cases, the
// jcs-admit design's incumbent table, the 13 argument vectors of the
// action-digest probe, SEP-3246's worked example, the edge vectors every
// oracle is pinned on), each seed a named input with a comment saying what
// it probes, and the readers of the targets' vector folders (Payloads,
// ModuleFiles), read where they are.
//
// Each fuzz target's spec file (fuzz/spec) picks its seeds from here and
// adds its own; seeds/INDEX.md lists them all (`go generate ./fuzz/spec`).
// testdata/fuzz/ of a fuzz target's package holds only inputs an engine
// found, kept as regressions.
package seeds
