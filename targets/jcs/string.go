package jcs

import (
	"unicode/utf8"

	"github.com/canonfuzz/canonfuzz/internal/jsonstring"
	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// appendString writes the string token at in[i] (an opening quote) in the
// form of RFC 8785 section 3.2.2.2: escapes in the input are decoded and
// the characters written again by jsonstring.AppendRune; everything else is
// copied, since it is already literal UTF-8. It returns the offset after the
// closing quote and whether the token held any escape, in which case its
// bytes are not its decoded value.
func appendString(dst, in []byte, i int) (out []byte, next int, escaped bool, err error) {
	j := jsonwire.SkipLiteral(in, i+1)
	if j < len(in) && in[j] == '"' {
		return append(dst, in[i:j+1]...), j + 1, false, nil // the common case: nothing to escape
	}
	dst = append(dst, in[i:j]...) // the opening quote and the plain run
	for {
		if j >= len(in) {
			return dst, j, escaped, errSyntax
		}
		switch in[j] {
		case '"':
			return append(dst, '"'), j + 1, escaped, nil
		case '\\':
			r, n, err := jsonwire.ReadEscape(in, j)
			if err != nil {
				return dst, j, escaped, escapeError(err)
			}
			dst = jsonstring.AppendRune(dst, r)
			escaped = true
			j = n
		default: // a raw control byte, which admission refuses
			return dst, j, escaped, errSyntax
		}
		k := jsonwire.SkipLiteral(in, j)
		dst = append(dst, in[j:k]...)
		j = k
	}
}

// decodeString appends the decoded UTF-8 value of the string token at in[i]
// (an opening quote) to dst and returns the offset after its closing quote.
// It gives the member names that carry escapes the bytes they are sorted by
// (RFC 8785 section 3.2.3).
func decodeString(dst, in []byte, i int) ([]byte, int, error) {
	i++
	for {
		j := jsonwire.SkipLiteral(in, i)
		dst = append(dst, in[i:j]...)
		if j >= len(in) {
			return dst, j, errSyntax
		}
		switch in[j] {
		case '"':
			return dst, j + 1, nil
		case '\\':
			r, n, err := jsonwire.ReadEscape(in, j)
			if err != nil {
				return dst, j, escapeError(err)
			}
			dst = utf8.AppendRune(dst, r)
			i = n
		default:
			return dst, j, errSyntax
		}
	}
}
