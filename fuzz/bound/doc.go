// Package boundfuzz holds the native fuzz targets of targets/bound, SEP-3246's
// bounds: the glob dialect (glob_test.go), argument canonicalization
// (argcanon_test.go), the meet (meet_test.go) and the provenance object
// (parse_test.go). Each is a thin function over its target in the
// registry of fuzz/spec.
package boundfuzz
