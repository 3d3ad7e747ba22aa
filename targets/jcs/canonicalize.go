package jcs

import (
	"bytes"
	"slices"
	"sync"
	"unsafe"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// Canonicalize returns the RFC 8785 canonical form of input. It first
// admits input with admit.Scan under opts and returns Scan's error, an
// *admit.Error, unchanged; see [Append].
func Canonicalize(input []byte, opts admit.Options) ([]byte, error) {
	return Append(nil, input, opts)
}

// Append appends the RFC 8785 canonical form of input to dst (section 3.2:
// no whitespace, members sorted by section 3.2.3, strings written by
// section 3.2.2.2, numbers by section 3.2.2.3, literals as they are).
//
// Input that admit.Scan refuses under opts is not written: Append returns
// dst unchanged and Scan's error, an *admit.Error (or the error of
// opts.Validate), unchanged. The canonical form is written from the
// input's bytes, with no intermediate value; it is admitted under the RFC
// 8785 profile (and under I-JSON, but for the rounding case the package
// documentation describes), a fixed point of Append, and the same JSON
// value as input.
//
// On any error dst is returned as it was; there is never partial output.
// dst must not share memory with input.
func Append(dst, input []byte, opts admit.Options) ([]byte, error) {
	if err := admit.Scan(input, opts); err != nil {
		return dst, err
	}
	return appendAdmitted(dst, input)
}

// IsCanonical reports whether input is admitted under the default options
// (the RFC 8785 profile, admit.DefaultMaxDepth, admit.DefaultMaxSize) and
// is byte for byte its own canonical form.
func IsCanonical(input []byte) bool {
	buf := canonicalBuffers.Get().(*[]byte)
	out, err := Append((*buf)[:0], input, admit.Options{})
	canonical := err == nil && bytes.Equal(out, input)
	if cap(out) <= retainLimit {
		*buf = out[:0]
	}
	canonicalBuffers.Put(buf)
	return canonical
}

// canonicalBuffers holds IsCanonical's output buffers, which never leave it.
var canonicalBuffers = sync.Pool{New: func() any { return new([]byte) }}

// writers keeps the stacks and buffers of finished writers, so a call
// allocates little beyond its output.
var writers = sync.Pool{New: func() any { return new(writer) }}

// retainLimit caps the scratch and key buffers a pooled writer keeps, so
// one huge document does not pin its buffers for the process lifetime.
const retainLimit = 8 << 20

// appendAdmitted writes the canonical form of input, which the caller has
// admitted, after dst. It is Append without admission.
func appendAdmitted(dst, input []byte) ([]byte, error) {
	w := writers.Get().(*writer)
	w.in = input
	w.out = slices.Grow(dst, len(input))
	err := w.write()
	out := w.out
	w.in, w.out = nil, nil
	w.stack, w.members, w.keys = w.stack[:0], w.members[:0], w.keys[:0]
	if cap(w.scratch) > retainLimit {
		w.scratch = nil
	}
	if cap(w.keys) > retainLimit {
		w.keys = nil
	}
	if cap(w.members) > retainLimit/int(unsafe.Sizeof(member{})) {
		w.members = nil
	}
	writers.Put(w)
	if err != nil {
		return dst, err
	}
	return out, nil
}
