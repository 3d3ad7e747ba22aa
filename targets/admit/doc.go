// Package admit decides, on the raw bytes and before anything is decoded,
// whether a JSON text may be canonicalized, signed or verified at all.
//
// [Scan] walks the input once, without recursion and without building a
// value, and returns nil or an [*Error] whose [Kind] says which rule the
// input broke and whose Offset says where.
//
// # Specifications
//
//   - RFC 8259, The JavaScript Object Notation (JSON) Data Interchange Format:
//     the grammar (section 2 to 7). Anything it rejects is [Syntax].
//   - RFC 8785, JSON Canonicalization Scheme, section 3.1: the input to a
//     canonicalizer must be I-JSON compatible in its strings (Unicode scalar
//     values only) and must not carry duplicate member names.
//   - RFC 7493, The I-JSON Message Format: the opt-in [IJSON] profile adds
//     [UnsafeInteger] (section 2.2) and [Noncharacter] (section 2.1).
//
// # Where a fault is reported
//
// The input is read left to right and the first fault found is the one
// reported; one input has exactly one verdict and one offset. The rules, which
// the slow reference scanner [Reference] follows independently:
//
//   - Inputs longer than the size cap (Options.MaxSize, or DefaultMaxSize when
//     it is zero) are refused with [TooLarge] at the cap's offset before
//     anything else is read.
//   - A byte that cannot continue the value being read is [Syntax] at its
//     offset; an input that ends too early is [Syntax] at len(input). A byte
//     order mark is such a byte (offset 0). A digit after a leading zero is
//     [Syntax] at the digit, including at the top level ("01").
//   - After a complete top-level value, the first byte that is not whitespace
//     is [TrailingContent] at its offset, whatever it is: "truex", "0x10",
//     "1.5.3" and "0 1" are all TrailingContent.
//   - The container that would open nesting level MaxDepth+1 is [TooDeep] at
//     its opening bracket.
//   - Inside a string: a raw byte below 0x20 is [StringNotScalar] at that byte;
//     an ill-formed UTF-8 sequence (as [unicode/utf8.DecodeRune] judges the
//     bytes from its first byte, so also one cut off by the end of the input)
//     is [StringNotScalar] at its first byte; a bad escape character or hex
//     digit is [Syntax] at that byte. A high surrogate escape that is not
//     followed at once by the six bytes of a low surrogate escape, or a low
//     surrogate escape on its own, is [StringNotScalar] at the backslash of
//     the offending escape; this holds when the input ends right after the
//     high surrogate, and when what follows it is another escape ("\uD800\x"
//     is StringNotScalar at the first backslash). When the two bytes after a
//     high surrogate are `\u`, their four hex digits are read first, so a bad
//     hex digit there is [Syntax].
//   - Under [IJSON], a noncharacter is [Noncharacter] at the first byte of its
//     UTF-8 sequence or at the backslash of its escape (the high surrogate's,
//     for a pair).
//   - A number is judged when its token ends, before the byte after it is
//     read. One that rounds (to nearest, ties to even) to an infinity is
//     [NumberNotFinite]; values between the largest double and the halfway
//     point to 2^1024 round to the largest double and are admitted, and
//     underflow to zero is finite. Under [IJSON], a number whose double
//     (rounded the same way) has magnitude 2^53 or more is [UnsafeInteger],
//     whatever the notation: every such double is an integer past the range
//     where doubles are exact, and it is what the canonical form writes, so
//     the profile is closed under canonicalization. 1e16, 1.5e300 and
//     9007199254740993.5 (whose double is 9007199254740994) are refused, and
//     so is 9007199254740991.9, whose double is 2^53; 9007199254740991.4 is
//     admitted. Both kinds are reported at the number's first byte (its sign,
//     if any). Non-finiteness wins over unsafeness.
//   - A member name equal, once decoded, to an earlier name of the same object
//     is [DuplicateMember] at the repeat's opening quote, judged when the
//     name's closing quote has been read.
//
// # Security Considerations
//
// Every fault class here disappears during an ordinary parse: a decoded map
// keeps one of two duplicate members, a decoder that substitutes U+FFFD makes
// "\ud800", "\udc00" and a literal U+FFFD the same string, and a float parser
// turns 2^53+1 into 2^53. A verifier that parses before it checks has already
// lost the evidence, so the checks are made here, on the bytes. The depth and
// size caps bound stack and heap before a signature is looked at; the caps
// cannot be raised past what the scanner can hold (depth 512).
package admit
