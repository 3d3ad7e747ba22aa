package jcs

import "github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"

// readEscape decodes the escape sequence at in[i], which is a backslash
// (RFC 8259 section 7), with the targets' one escape decoder
// (jsonwire.ReadEscape), and returns the character and the offset after the
// sequence. A surrogate pair written as two \u escapes is one character; a
// surrogate escape that is not half of a pair is errSurrogate, because it
// names no Unicode scalar value and RFC 8785 section 3.1 refuses it.
func readEscape(in []byte, i int) (rune, int, error) {
	r, next, err := jsonwire.ReadEscape(in, i)
	switch {
	case err == nil:
		return r, next, nil
	case err.Kind == jsonwire.StringNotScalar:
		return 0, i, errSurrogate
	}
	return 0, i, errSyntax
}
