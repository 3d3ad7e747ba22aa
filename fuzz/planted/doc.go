// Package planted holds faulty variants of canonfuzz's targets, for tests
// and measurements only: each is the real target with one fault planted, a
// fault implementations in the field have had. The spec file of each fuzz
// target names at least one of them in its Planted list (fuzz/spec's
// Variant), which plugs it into the target's property (Target.With), so
// the planted-fault tests run the very property every engine runs. The
// fixtures (Fixtures, Signer) are the planted canonicalizers the
// minimizers are measured on.
//
// The product build of canonfuzz links no package of fuzz/, this one
// included (TestShippedBinaryLinksNoPlantedCode). The research build
// (-tags lab) links it through the registry, where the variants are inert
// values; only the planted build binds one: with the planted tag, the
// efficacy command (cmd/canonfuzz/efficacy.go), fuzz/native and
// fuzz/gofuzz bind a fuzz target to the variant CANONFUZZ_PLANTED names
// (spec.Variant.Name), which is how the efficacy benchmark runs the real
// campaign against each variant marked Efficacy (docs/EFFICACY.md).
package planted
