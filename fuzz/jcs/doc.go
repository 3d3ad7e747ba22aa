// Package jcsfuzz holds the native fuzz targets of targets/jcs, the RFC 8785
// canonicalizer: its promises (jcs_test.go), each part held to its slow
// twin (parts_test.go), and the canonicalizer held to the Go oracles
// (oracles_test.go) and to the Node ones (node_test.go). Each is a thin
// function over its target in the registry of fuzz/spec.
package jcsfuzz
