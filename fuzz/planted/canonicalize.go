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
	v, err := decode(out, leniency{})
	if err != nil {
		return nil, err
	}
	return gen.CanonicalBy(v, strings.Compare), nil
}

// LastWins is jcs.Canonicalize except that an input refused only for a
// duplicate name is canonicalized with the last member of each name, as
// JSON.parse and most decoders resolve it.
func LastWins(input []byte) ([]byte, error) {
	return lenient(input, admit.DuplicateMember, leniency{lastWins: true})
}

// Substitute is jcs.Canonicalize except that invalid UTF-8 and lone
// surrogates are replaced by U+FFFD instead of refused, as a decoder that
// is not told otherwise does.
func Substitute(input []byte) ([]byte, error) {
	return lenient(input, admit.StringNotScalar, leniency{substitute: true})
}

// lenient canonicalizes input with jcs, and what jcs refuses as kind by
// reading it with leniency l instead.
func lenient(input []byte, kind admit.Kind, l leniency) ([]byte, error) {
	out, err := jcs.Canonicalize(input, admit.Options{})
	if !errors.Is(err, kind) {
		return out, err
	}
	v, lerr := decode(input, l)
	if lerr != nil {
		return nil, err
	}
	return gen.Canonical(v), nil
}
