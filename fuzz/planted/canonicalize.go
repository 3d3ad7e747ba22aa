package planted

import (
	"errors"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// CodePointOrder is jcs.Canonicalize with members sorted by code point
// (UTF-8 byte order, what a sort of Go or Rust strings gives) instead of
// by UTF-16 code units: it differs only on names beyond U+FFFF beside
// names in U+E000..U+FFFF.
func CodePointOrder(input []byte) ([]byte, error) {
	out, err := jcs.Canonicalize(input, admit.Options{})
	if err != nil {
		return nil, err
	}
	v, err := gen.Read(out, gen.ReadOptions{})
	if err != nil {
		return nil, err
	}
	return gen.CanonicalBy(v, strings.Compare), nil
}

// LastWins is jcs.Canonicalize except that an input refused only for a
// duplicate name is canonicalized with the last member of each name, as
// JSON.parse and most decoders resolve it.
func LastWins(input []byte) ([]byte, error) {
	return lenient(input, admit.Options{}, admit.DuplicateMember, gen.ReadOptions{LastWins: true})
}

// LastWinsUnder is LastWins under any admission options, as a
// canonicalizer that takes them (FuzzCanonicalizeFixedPoint).
func LastWinsUnder(input []byte, opts admit.Options) ([]byte, error) {
	return lenient(input, opts, admit.DuplicateMember, gen.ReadOptions{LastWins: true})
}

// Substitute is jcs.Canonicalize except that invalid UTF-8 and lone
// surrogates are replaced by U+FFFD instead of refused, as a decoder that
// is not told otherwise does.
func Substitute(input []byte) ([]byte, error) {
	return lenient(input, admit.Options{}, admit.StringNotScalar, gen.ReadOptions{Substitute: true})
}

// lenient canonicalizes input with jcs, and what jcs refuses as kind by
// reading it with leniency l instead.
func lenient(input []byte, opts admit.Options, kind admit.Kind, l gen.ReadOptions) ([]byte, error) {
	out, err := jcs.Canonicalize(input, opts)
	if !errors.Is(err, kind) {
		return out, err
	}
	v, lerr := gen.Read(input, l)
	if lerr != nil {
		return nil, err
	}
	return gen.Canonical(v), nil
}
