package jcs

import "cmp"

// The harness API: the writer's parts, exported one by one so that the
// fuzz properties of fuzz/property (outside this package: a target never
// imports the harness that tests it) hold each to its slow twin in
// twins.go, and the planted faults of fuzz/planted wrap them. Only
// fuzz/property and fuzz/planted call them; they are not a second API:
// Canonicalize and Append are the writer.

// CompareUTF16 orders two member names, given as their decoded UTF-8
// bytes, by their UTF-16 code units (RFC 8785 section 3.2.3), from the
// bytes alone. It returns -1, 0 or +1.
func CompareUTF16(a, b []byte) int { return compareUTF16(a, b) }

// CompareNames orders two decoded member names as the writer sorts them:
// by their eight-byte sort prefixes, and by CompareUTF16 when those tie.
func CompareNames(a, b []byte) int {
	if c := cmp.Compare(sortPrefix(a), sortPrefix(b)); c != 0 {
		return c
	}
	return compareUTF16(a, b)
}

// AppendNumberToken writes one JSON number token (RFC 8259 section 6) in
// the form of RFC 8785 section 3.2.2.3 after dst. A token outside the
// grammar, or with no finite double, is an error and dst is returned as
// it was.
func AppendNumberToken(dst, tok []byte) ([]byte, error) {
	out, end, err := appendNumber(dst, tok, 0)
	return wholeToken(dst, out, end == len(tok), err)
}

// AppendStringToken writes one JSON string token, quotes included, in the
// form of RFC 8785 section 3.2.2.2 after dst: escapes decoded and written
// again only where the RFC escapes. A token that is not exactly one string
// is an error and dst is returned as it was.
func AppendStringToken(dst, tok []byte) ([]byte, error) {
	if len(tok) == 0 || tok[0] != '"' {
		return dst, errSyntax
	}
	out, next, _, err := appendString(dst, tok, 0)
	return wholeToken(dst, out, next == len(tok), err)
}

// DecodeStringToken appends the decoded UTF-8 value of one JSON string
// token to dst: the bytes a member name is sorted by.
func DecodeStringToken(dst, tok []byte) ([]byte, error) {
	if len(tok) == 0 || tok[0] != '"' {
		return dst, errSyntax
	}
	out, next, err := decodeString(dst, tok, 0)
	return wholeToken(dst, out, next == len(tok), err)
}

// wholeToken is the answer of a writer of one token: out when it read the
// whole token (all) without an error, else dst as it was and the error,
// errSyntax for a token followed by more bytes.
func wholeToken(dst, out []byte, all bool, err error) ([]byte, error) {
	if err != nil {
		return dst, err
	}
	if !all {
		return dst, errSyntax
	}
	return out, nil
}

// DecimalToFloat is the Eisel-Lemire fast path the number writer reads
// 16- to 19-digit tokens with: the double nearest to w × 10^q, or false
// when its 128-bit approximation cannot decide the rounding.
func DecimalToFloat(w uint64, q int) (float64, bool) { return decimalToFloat(w, q) }

// AppendAdmitted writes the canonical form of input after dst without
// admitting it: Append less admission. On bytes admission would refuse it
// returns dst as it was and a *WriteError, never a panic.
func AppendAdmitted(dst, input []byte) ([]byte, error) { return appendAdmitted(dst, input) }
