package planted

import (
	"bytes"
	"math"
	"strconv"

	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// WriterKeepsPartialOutput is jcs.AppendAdmitted that, on bytes admission
// never saw, returns what it had written before the error instead of dst
// as it was: a caller that appends to a buffer then holds half a document.
func WriterKeepsPartialOutput(dst, input []byte) ([]byte, error) {
	out, err := jcs.AppendAdmitted(dst, input)
	if err != nil {
		return append(dst, input[:min(len(input), 1)]...), err
	}
	return out, nil
}

// CompareByteOrder orders member names by their UTF-8 bytes (code point
// order, what a sort of Go or Rust strings gives), not by UTF-16 code units.
func CompareByteOrder(a, b []byte) int { return bytes.Compare(a, b) }

// NumberTokenGoFormat writes a number token as the double
// strconv.ParseFloat reads, formatted by Go's 'g' shortest form rather
// than by ECMAScript's Number::toString: 1e-05 for 0.00001, 1e+20 for
// 100000000000000000000.
func NumberTokenGoFormat(dst, tok []byte) ([]byte, error) {
	f, err := strconv.ParseFloat(string(tok), 64)
	if err != nil || math.IsInf(f, 0) {
		return dst, strconv.ErrSyntax
	}
	if f == 0 {
		return append(dst, '0'), nil
	}
	return strconv.AppendFloat(dst, f, 'g', -1, 64), nil
}

// StringUpperHex is jcs.AppendStringToken writing the \u escapes of
// control characters in upper-case hex (\u001F), which RFC 8785 section
// 3.2.2.2 writes in lower case.
func StringUpperHex(dst, tok []byte) ([]byte, error) {
	out, err := jcs.AppendStringToken(dst, tok)
	if err != nil {
		return out, err
	}
	tail := out[len(dst):]
	for i := 0; i+5 < len(tail); i++ {
		if tail[i] == '\\' && tail[i+1] == 'u' {
			copy(tail[i+2:i+6], bytes.ToUpper(tail[i+2:i+6]))
			i += 5
		} else if tail[i] == '\\' {
			i++
		}
	}
	return out, nil
}

// DecimalNaive decides w × 10^q as float64(w) times or divided by a power
// of ten, two roundings where one is allowed: right for small w and q,
// off by an ulp elsewhere.
func DecimalNaive(w uint64, q int) (float64, bool) {
	if w == 0 || q < -22 || q > 22 {
		return 0, false
	}
	if q < 0 {
		return float64(w) / math.Pow10(-q), true
	}
	return float64(w) * math.Pow10(q), true
}

// StringEscapesDelete is jcs.AppendStringToken that writes a raw DEL
// (U+007F) as \u007f, as a writer that escapes the C iscntrl class does;
// RFC 8785 section 3.2.2.2 escapes U+0000..U+001F only and writes DEL as
// it is. No committed seed holds a DEL: the engine must make one.
func StringEscapesDelete(dst, tok []byte) ([]byte, error) {
	out, err := jcs.AppendStringToken(dst, tok)
	if err != nil {
		return out, err
	}
	return append(dst, bytes.ReplaceAll(out[len(dst):], []byte{0x7f}, []byte(`\u007f`))...), nil
}

// DecodeStringStrconv decodes a JSON string token with Go's
// strconv.Unquote, as code that takes a JSON string for a Go literal does:
// it refuses the escaped solidus \/, and decodes each half of an escaped
// surrogate pair alone, to U+FFFD.
func DecodeStringStrconv(dst, tok []byte) ([]byte, error) {
	s, err := strconv.Unquote(string(tok))
	if err != nil {
		return dst, err
	}
	return append(dst, s...), nil
}
