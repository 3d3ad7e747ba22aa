// Package fuzz holds the fuzz targets and conformance checks that hold
// canonfuzz's targets to the reference oracles of fuzz/oracle: each test
// here feeds the same input to a target and to an oracle and reports the
// full input on any disagreement.
package fuzz
