// Package planted holds faulty variants of canonfuzz's targets, for tests
// only: each is the real target with one fault planted, a fault that
// implementations in the field have had. The fuzz properties of package
// fuzz take the implementation under test as a function value, and
// TestPlantedFaultsAreFound runs each property against these variants to
// show that it finds the fault, and how soon.
//
// No production code imports this package.
package planted
