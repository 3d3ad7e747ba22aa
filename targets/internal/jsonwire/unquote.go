package jsonwire

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// Unquote returns the value of the string token tok (quotes included), as
// RFC 8259 section 7 defines it, and false if tok is not a string token
// whose escapes are well formed. An admitted token has no lone surrogate
// escape; one found here is refused, never replaced.
func Unquote(tok []byte) (string, bool) {
	if len(tok) < 2 || tok[0] != '"' || tok[len(tok)-1] != '"' {
		return "", false
	}
	body := tok[1 : len(tok)-1]
	if bytes.IndexByte(body, '\\') < 0 {
		return string(body), true
	}
	out, ok := AppendUnquoted(make([]byte, 0, len(body)), body)
	return string(out), ok
}

// AppendUnquoted appends the value of a string token's body (without its
// quotes) to out, as RFC 8259 section 7 defines it, and reports false for
// an escape that is not well formed or a lone surrogate escape (refused,
// never replaced). targets/admit decodes escaped member names with it.
func AppendUnquoted(out, body []byte) ([]byte, bool) {
	for i := 0; i < len(body); {
		c := body[i]
		if c != '\\' {
			out = append(out, c)
			i++
			continue
		}
		if i+1 >= len(body) {
			return out, false
		}
		switch body[i+1] {
		case '"', '\\', '/':
			out = append(out, body[i+1])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, next, err := ReadEscape(body, i)
			if err != nil {
				return out, false
			}
			out = utf8.AppendRune(out, r)
			i = next
			continue
		default:
			return out, false
		}
		i += 2
	}
	return out, true
}

// NameIs reports whether the string token tok decodes to want. It does not
// allocate for a want of up to 64 bytes: an escape is at most six bytes
// for each byte it stands for, so only a token of a plausible length is
// decoded, into a buffer of its own.
func NameIs(tok []byte, want string) bool {
	if len(tok) < 2 || tok[0] != '"' || tok[len(tok)-1] != '"' {
		return false
	}
	// An escape is always longer than what it stands for, so a body no
	// longer than want is want only as written, without an escape (a
	// backslash in it would be want's own), and a longer one only with an
	// escape: most names are told apart by their lengths, without a look
	// for a backslash.
	body := tok[1 : len(tok)-1]
	switch {
	case len(body) < len(want):
		return false
	case len(body) == len(want):
		return string(body) == want && strings.IndexByte(want, '\\') < 0
	case len(body) > 6*len(want) || !hasEscape(body):
		return false
	}
	var buf [64]byte
	out, ok := AppendUnquoted(buf[:0], body)
	return ok && string(out) == want
}

// hasEscape reports whether body holds a backslash: a short body (a
// member name) byte by byte, a longer one by bytes.IndexByte.
func hasEscape(body []byte) bool {
	if len(body) > shortString {
		return bytes.IndexByte(body, '\\') >= 0
	}
	for _, c := range body {
		if c == '\\' {
			return true
		}
	}
	return false
}
