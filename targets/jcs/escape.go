package jcs

import "github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"

// Escapes (RFC 8259 section 7) are decoded by the targets' one escape
// decoder, jsonwire.ReadEscape, called where a string is read (string.go):
// a surrogate pair written as two \u escapes is one character.

// escapeError is the writer's cause for an escape ReadEscape refused: a
// surrogate escape that is not half of a pair is errSurrogate, because it
// names no Unicode scalar value and RFC 8785 section 3.1 refuses it; any
// other fault is errSyntax.
func escapeError(err *jsonwire.Error) error {
	if err.Kind == jsonwire.StringNotScalar {
		return errSurrogate
	}
	return errSyntax
}
