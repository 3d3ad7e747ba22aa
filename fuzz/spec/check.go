package spec

import "github.com/canonfuzz/canonfuzz/fuzz/property"

// The constructors below are the Checked of a target whose property takes
// its arguments as they come: the property's own signature says what the
// target's parameters are, so a spec file names the implementation and the
// property and nothing that could disagree with them.

// onBytes checks p on a target's one byte string.
func onBytes[I any](real I, p func(I, []byte) *property.Violation) Checked[I] {
	return Checked[I]{Real: real, params: []property.Param{property.Bytes},
		Check: func(impl I, in property.Input) *property.Violation { return p(impl, in.Bytes(0)) }}
}

// onString checks p on a target's one string.
func onString[I any](real I, p func(I, string) *property.Violation) Checked[I] {
	return Checked[I]{Real: real, params: []property.Param{property.String},
		Check: func(impl I, in property.Input) *property.Violation { return p(impl, in.Str(0)) }}
}

// onStrings checks p on a target's two strings.
func onStrings[I any](real I, p func(I, string, string) *property.Violation) Checked[I] {
	return Checked[I]{Real: real, params: []property.Param{property.String, property.String},
		Check: func(impl I, in property.Input) *property.Violation { return p(impl, in.Str(0), in.Str(1)) }}
}

// onStringAndBool checks p on a target's string and flag.
func onStringAndBool[I any](real I, p func(I, string, bool) *property.Violation) Checked[I] {
	return Checked[I]{Real: real, params: []property.Param{property.String, property.Bool},
		Check: func(impl I, in property.Input) *property.Violation { return p(impl, in.Str(0), in.Bool(1)) }}
}

// onSeedPair checks p on a target's two PRNG seeds (gen.Seeded).
func onSeedPair[I any](real I, p func(I, uint64, uint64) *property.Violation) Checked[I] {
	return Checked[I]{Real: real, params: []property.Param{property.Uint64, property.Uint64},
		Check: func(impl I, in property.Input) *property.Violation { return p(impl, in.Uint64(0), in.Uint64(1)) }}
}

// withDocument gives c a document form: what the generator makes of an
// input, and the property held on such a document directly.
func (c Checked[I]) withDocument(of func(in property.Input) []byte, check func(impl I, doc []byte) *property.Violation) Checked[I] {
	c.DocumentOf, c.CheckDocument = of, check
	return c
}
