package spec

import (
	"fmt"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// The constructors below are the Checked of a target whose property takes
// its arguments as they come: the property's own signature says what the
// target's parameters are, so a spec file names the implementation and the
// property and nothing that could disagree with them.

// onArg checks p on a target's one argument, of the type p takes.
func onArg[I, A any](real I, p func(I, A) *property.Violation) Checked[I] {
	return Checked[I]{Real: real, params: []property.Param{paramOf[A]()},
		Check: func(impl I, in property.Input) *property.Violation { return p(impl, arg[A](in, 0)) }}
}

// onArgs checks p on a target's two arguments, of the types p takes.
func onArgs[I, A, B any](real I, p func(I, A, B) *property.Violation) Checked[I] {
	return Checked[I]{Real: real, params: []property.Param{paramOf[A](), paramOf[B]()},
		Check: func(impl I, in property.Input) *property.Violation { return p(impl, arg[A](in, 0), arg[B](in, 1)) }}
}

// onFourArgs checks p on a target's four arguments, of the types p takes.
func onFourArgs[I, A, B, C, D any](real I, p func(I, A, B, C, D) *property.Violation) Checked[I] {
	return Checked[I]{Real: real, params: []property.Param{paramOf[A](), paramOf[B](), paramOf[C](), paramOf[D]()},
		Check: func(impl I, in property.Input) *property.Violation {
			return p(impl, arg[A](in, 0), arg[B](in, 1), arg[C](in, 2), arg[D](in, 3))
		}}
}

// onDouble checks p on a target's double, given by its bits, and on the
// double gen.Double makes of the same bits (doubleTwice).
func onDouble[I any](real I, p func(I, uint64) *property.Violation) Checked[I] {
	return Checked[I]{Real: real, params: []property.Param{property.Uint64},
		Check: func(impl I, in property.Input) *property.Violation {
			return doubleTwice(in.Uint64(0), func(bits uint64) *property.Violation { return p(impl, bits) })
		}}
}

// paramOf is the parameter of Go type T. A type no fuzz engine hands a
// target panics, at package initialization as register does, so that every
// test fails.
func paramOf[T any]() property.Param {
	switch any(*new(T)).(type) {
	case []byte:
		return property.Bytes
	case string:
		return property.String
	case bool:
		return property.Bool
	case uint8:
		return property.Uint8
	case uint64:
		return property.Uint64
	case int:
		return property.Int
	}
	panic(fmt.Sprintf("spec: a property takes a %T, which no fuzz engine hands a target", *new(T)))
}

// arg is argument i of in, of the type T whose parameter property.Fits has
// made sure of (Binding.Check calls it first).
func arg[T any](in property.Input, i int) T { return in[i].(T) }

// withDocument gives c a document form: what g makes of an input's first
// argument, and the property held on such a document directly.
func (c Checked[I]) withDocument(g generator, check func(impl I, doc []byte) *property.Violation) Checked[I] {
	c.document = g.document
	c.DocumentOf = func(in property.Input) []byte { return g.of(in.Bytes(0)) }
	c.CheckDocument = check
	return c
}
