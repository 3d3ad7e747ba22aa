// Package jsonstring writes JSON strings in the one form RFC 8785 section
// 3.2.2.2 allows: '"', '\\' and U+0000..U+001F escaped (the short forms
// \b \t \n \f \r \" \\ where JSON has them, \u00XX in lowercase hex
// otherwise), every other character as its literal UTF-8 bytes. It is the
// string writer of targets/jcs (the canonical form) and targets/bound (the
// marshalled bounds and values), written once.
package jsonstring

import "unicode/utf8"

// shortEscapes holds the two-character escapes RFC 8785 section 3.2.2.2
// keeps; every other control character is written \u00XX.
var shortEscapes = [256]byte{
	'\b': 'b', '\t': 't', '\n': 'n', '\f': 'f', '\r': 'r', '"': '"', '\\': '\\',
}

const lowerHex = "0123456789abcdef"

// AppendRune writes one character of a string's value, escaped where
// section 3.2.2.2 says. r should be a Unicode scalar value; any other
// (a surrogate, a value past U+10FFFF) is written as U+FFFD, as
// utf8.AppendRune writes it.
func AppendRune(dst []byte, r rune) []byte {
	if r >= 0x20 && r != '"' && r != '\\' {
		return utf8.AppendRune(dst, r)
	}
	if r < 0 {
		return utf8.AppendRune(dst, utf8.RuneError)
	}
	if e := shortEscapes[r]; e != 0 {
		return append(dst, '\\', e)
	}
	return append(dst, '\\', 'u', '0', '0', lowerHex[r>>4], lowerHex[r&0xf])
}

// Append writes s as a JSON string token, quotes included. Bytes of s
// that are not UTF-8 are written as U+FFFD (a caller that must refuse
// them checks first: admitted input has none). Runs of characters written
// as themselves are copied whole, and dst grows at most once.
func Append(dst []byte, s string) []byte {
	if n := Len(s); cap(dst)-len(dst) < n {
		dst = append(make([]byte, 0, len(dst)+n), dst...)
	}
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < utf8.RuneSelf && c != '"' && c != '\\' {
			i++
			continue
		}
		dst = append(dst, s[start:i]...)
		r, w := rune(c), 1
		if c >= utf8.RuneSelf {
			r, w = utf8.DecodeRuneInString(s[i:])
		}
		dst = AppendRune(dst, r)
		i += w
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

// Len returns the length of Append(nil, s): what a caller sizes a buffer
// or counts work by without writing the string.
func Len(s string) int {
	n := 2
	for _, r := range s {
		switch {
		case r >= 0x20 && r != '"' && r != '\\':
			n += utf8.RuneLen(r)
		case shortEscapes[r] != 0:
			n += 2
		default:
			n += 6
		}
	}
	return n
}
