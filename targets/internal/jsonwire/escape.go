package jsonwire

import "fmt"

// ReadEscape reads the escape whose backslash is at in[b] (RFC 8259 section
// 7) and returns the character it stands for and the offset after it. A
// surrogate escape must be the high half of a pair of escapes, high then
// low, which stand for one character: a lone one names no Unicode scalar
// value (RFC 8785 section 3.1) and is refused, never replaced.
//
// It is the one escape decoder of the targets' fast code: admission checks
// escapes with it, the canonicalizer (targets/jcs) and the readers of
// admitted bytes (AppendUnquoted) decode them with it. A fault is an *Error:
// Syntax at the byte that cannot stand where it is (at len(in) when the
// input ends first), StringNotScalar at the backslash of a surrogate escape
// that is not half of a pair.
func ReadEscape(in []byte, b int) (rune, int, *Error) {
	n := len(in)
	if b+1 >= n {
		return 0, 0, fault(Syntax, WantEscape, n, "unexpected end of input inside an escape")
	}
	switch c := in[b+1]; c {
	case '"', '\\', '/':
		return rune(c), b + 2, nil
	case 'b':
		return '\b', b + 2, nil
	case 'f':
		return '\f', b + 2, nil
	case 'n':
		return '\n', b + 2, nil
	case 'r':
		return '\r', b + 2, nil
	case 't':
		return '\t', b + 2, nil
	case 'u':
	default:
		return 0, 0, fault(Syntax, WantEscape, b+1, Unexpected(c, "an escape character"))
	}
	u, err := hex4(in, b+2)
	if err != nil {
		return 0, 0, err
	}
	end := b + 6
	switch {
	case u >= 0xDC00 && u <= 0xDFFF:
		return 0, 0, fault(StringNotScalar, ByKind, b, "low surrogate escape without a high surrogate before it")
	case u >= 0xD800 && u <= 0xDBFF:
		if end+1 >= n || in[end] != '\\' || in[end+1] != 'u' {
			return 0, 0, fault(StringNotScalar, ByKind, b, "high surrogate escape without a low surrogate after it")
		}
		lo, err := hex4(in, end+2)
		if err != nil {
			return 0, 0, err
		}
		if lo < 0xDC00 || lo > 0xDFFF {
			return 0, 0, fault(StringNotScalar, ByKind, b, "high surrogate escape without a low surrogate after it")
		}
		return 0x10000 + (rune(u)-0xD800)<<10 + (rune(lo) - 0xDC00), end + 6, nil
	}
	return rune(u), end, nil
}

// hex4 reads the four hex digits of a \u escape at in[i:].
func hex4(in []byte, i int) (uint16, *Error) {
	var u uint16
	for k := i; k < i+4; k++ {
		if k >= len(in) {
			return 0, fault(Syntax, WantHexDigit, len(in), "unexpected end of input inside a \\u escape")
		}
		d := Unhex[in[k]]
		if d > 0xF {
			return 0, fault(Syntax, WantHexDigit, k, Unexpected(in[k], "a hex digit"))
		}
		u = u<<4 | uint16(d)
	}
	return u, nil
}

func fault(kind Kind, reason Reason, offset int, detail string) *Error {
	return &Error{Kind: kind, Reason: reason, Offset: int64(offset), Detail: detail}
}

// Unhex maps a hex digit to its value and every other byte to 0xFF.
var Unhex = func() (t [256]byte) {
	for i := range t {
		t[i] = 0xFF
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = byte(c - '0')
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] = byte(c-'a') + 10
		t[c-'a'+'A'] = byte(c-'a') + 10
	}
	return t
}()

// Unexpected describes a byte that cannot stand where it was found, for
// the Detail of an Error: "unexpected ',', want a value".
func Unexpected(c byte, want string) string {
	switch {
	case c == 0xEF:
		return "unexpected byte 0xef (a byte order mark?), want " + want
	case c == '\'':
		return "single quotes do not delimit JSON strings, want " + want
	case c < 0x20 || c >= 0x7F:
		return fmt.Sprintf("unexpected byte 0x%02x, want %s", c, want)
	}
	return fmt.Sprintf("unexpected %q, want %s", c, want)
}
