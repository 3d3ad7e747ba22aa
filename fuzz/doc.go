// Package fuzz holds the fuzz targets and conformance checks that hold
// canonfuzz's targets to the reference oracles of fuzz/oracle: each test
// here feeds the same input to a target and to an oracle and reports the
// full input on any disagreement.
//
// The fuzz targets (listed with their properties in README.md) are thin:
// each binds a property function, which takes the implementation under
// test as a function value, to the real target. The structure-aware inputs
// come from fuzz/gen; TestPlantedFaultsAreFound runs the same properties
// against the faulty variants of fuzz/planted and reports how soon each
// fault is found (docs/PLANTED-FAULTS.md).
package fuzz
