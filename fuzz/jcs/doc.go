// Package jcsfuzz holds the native fuzz targets of targets/jcs, the RFC 8785
// canonicalizer: in jcs_test.go its promises, each part held to its slow
// twin, and the canonicalizer held to the Go oracles; in node_test.go the
// canonicalizer held to the Node ones. Each is a thin function over its
// target in the registry of fuzz/spec.
package jcsfuzz
