package jcs

import "unicode/utf16"

// readEscape decodes the escape sequence at in[i], which is a backslash
// (RFC 8259 section 7), and returns the character and the offset after the
// sequence. A surrogate pair written as two \u escapes is one character; a
// surrogate escape that is not half of a pair is errSurrogate, because it
// names no Unicode scalar value and RFC 8785 section 3.1 refuses it.
func readEscape(in []byte, i int) (rune, int, error) {
	if i+1 >= len(in) {
		return 0, i, errSyntax
	}
	switch c := in[i+1]; c {
	case '"', '\\', '/':
		return rune(c), i + 2, nil
	case 'b':
		return '\b', i + 2, nil
	case 'f':
		return '\f', i + 2, nil
	case 'n':
		return '\n', i + 2, nil
	case 'r':
		return '\r', i + 2, nil
	case 't':
		return '\t', i + 2, nil
	case 'u':
	default:
		return 0, i, errSyntax
	}
	r, ok := readHex4(in, i+2)
	if !ok {
		return 0, i, errSyntax
	}
	if !utf16.IsSurrogate(r) {
		return r, i + 6, nil
	}
	if r >= 0xDC00 || i+12 > len(in) || in[i+6] != '\\' || in[i+7] != 'u' {
		return 0, i, errSurrogate
	}
	lo, ok := readHex4(in, i+8)
	if !ok {
		return 0, i, errSyntax
	}
	if lo < 0xDC00 || lo > 0xDFFF {
		return 0, i, errSurrogate
	}
	return utf16.DecodeRune(r, lo), i + 12, nil
}

// readHex4 reads the four hex digits of a \u escape at in[i:].
func readHex4(in []byte, i int) (rune, bool) {
	if i+4 > len(in) {
		return 0, false
	}
	var r rune
	for _, c := range in[i : i+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}
