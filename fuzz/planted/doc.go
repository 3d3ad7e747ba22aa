// Package planted holds faulty variants of canonfuzz's targets, for tests
// and measurements only: each is the real target with one fault planted, a
// fault implementations in the field have had. Variants lists at least one
// for every fuzz target of the module; each plugs into its target's
// property (fuzz/property, Target.With), so the planted-fault tests run the
// very property every engine runs. The fixtures (Fixtures, Signer) are the
// planted canonicalizers the minimizers are measured on.
//
// Nothing the module ships links this package: cmd/canonfuzz does not
// import it (TestShippedBinaryLinksNoPlantedCode), and only test files, the
// minimizer comparisons (build tag minimizecompare, go-fuzz-build's gofuzz
// tag) and the planted build may: with the planted tag, the efficacy
// command (cmd/canonfuzz/efficacy.go), fuzz/native and fuzz/gofuzz bind a
// fuzz target to the variant CANONFUZZ_PLANTED names (Variant.Name), which
// is how the efficacy benchmark runs the real campaign against each fault
// of EfficacyFaults (docs/EFFICACY.md).
package planted
