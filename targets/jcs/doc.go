// Package jcs writes the RFC 8785 canonical form (the JSON Canonicalization
// Scheme) of a JSON text, straight from its bytes.
//
// [Canonicalize] and [Append] admit the input with admit.Scan first, under
// the caller's [admit.Options], and write nothing for input it refuses: the
// refusal is Scan's *admit.Error, unchanged. [IsCanonical] tells whether a
// text already is its canonical form. [AppendNumber] is the number
// serializer on its own, for callers and tests that hold a float64.
//
// # Specifications
//
//   - RFC 8785, JSON Canonicalization Scheme (JCS): section 3.1 (what may be
//     canonicalized, decided by package admit), section 3.2 (no
//     whitespace), 3.2.2.1 (literals), 3.2.2.2 (strings), 3.2.2.3 (numbers),
//     3.2.3 (member order), Appendix B (number samples).
//   - ECMA-262, 11th edition (2020), section 6.1.6.1.20 Number::toString,
//     which RFC 8785 section 3.2.2.3 makes the number format.
//   - RFC 8259, JSON: the grammar the writer reads (sections 2 to 7).
//
// # How it writes
//
// One pass over the input, with no recursion and no intermediate value:
// open containers are frames on an explicit stack, and strings, numbers
// and literals are written as they are met. Members are written in input
// order, each recording where its bytes start and its decoded name (the
// input bytes when the name has no escape, else a decoded copy); when an
// object closes its members are sorted by UTF-16 code units and, unless
// they were in order already, their byte runs are permuted through a
// scratch buffer. Input that is canonical already is copied once, into the output.
//
// Strings are copied eight bytes at a time until a quote, backslash or
// control byte; escapes are decoded and re-escaped minimally. A number
// token is read once into ±w × 10^q. If it is canonical as written it is
// copied; a value of at most 15 significant digits is laid out from its
// own digits, since a double keeps 15 digits exactly; up to 19 digits the
// double is found by the Eisel-Lemire algorithm, and whether the token's
// digits are its shortest ones is decided by placing the token's decimal
// neighbours, and those with a digit fewer, against the double's rounding
// interval (in 64-bit integers where they reach, else through the 128-bit
// power of ten that converted the token): if they are, they are kept (the
// token itself copied when it is laid out as Number::toString would lay
// them out); an integer double from 2^53 to 2^63 is written from its own
// interval; anything else, or what these cannot decide, goes through
// strconv.ParseFloat and [AppendNumber]. Each fast path has a slow twin in
// twins.go (ReferenceNumber, ReferenceCompareUTF16, ReferenceString; and
// strconv.ParseFloat) and a fuzz target of fuzz/jcs comparing the two,
// through the parts exported in parts.go.
//
// # Security Considerations
//
// The writer trusts admission for exactly two things, that string bytes
// are UTF-8 and that member names are unique; everything else it checks
// again, and bytes it cannot write give a [*WriteError], never a panic or
// a guess. Since admission already
// refused them, a WriteError from Canonicalize means the scanner and the
// writer disagree, which is a bug to report.
//
// Canonical form is not semantic equality: Unicode normalization is not
// applied, so composed and decomposed forms of one character stay
// different; and under the RFC 8785 profile 9007199254740993 is written
// 9007199254740992, because a JSON number is read as an IEEE 754 double
// (RFC 8785 Appendix D advises sending such numbers as strings). A signer that must tell those
// apart uses the I-JSON profile, which refuses every number whose double
// has magnitude 2^53 or more (all such doubles are integers), so the
// canonical form of an admitted I-JSON text is itself admitted under it.
//
// Memory is the output plus, per open object, its members' offsets and
// names, plus one scratch buffer the size of the largest object that had
// to be reordered.
package jcs
