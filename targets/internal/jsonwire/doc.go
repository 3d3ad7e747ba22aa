// Package jsonwire is the byte-level JSON lexer of the targets: one
// stateless set of functions that targets/admit, targets/jcs,
// targets/digest, targets/bound and targets/guard share, and the one
// positioned error type their refusals of a JSON text carry. It plays the
// part of go-json-experiment's internal/jsonwire; it is admission's lexer
// (targets/admit, the fastest reader), moved here:
//
//   - whitespace: SkipSpace;
//   - string tokens: the runs of literal bytes (Specials, StopsForScalars,
//     SkipLiteral) and the one escape decoder, surrogate pairs included
//     (ReadEscape, AppendUnquoted, Unquote, NameIs);
//   - number tokens: ReadNumber;
//   - the spans of admitted values: ValueEnd, StringEnd, Object, Members,
//     Elements, CountValues.
//
// The slow reference twins (admit.Reference, jcs.Reference*,
// bound.ReferenceGlob, guard.DecideReference) use none of it on purpose:
// they are independent of the fast code they check.
//
// One reader of a token's grammar stays outside: targets/jcs reads a
// number token in the same loop that gathers its digits into the decimal
// it writes (appendNumber), which ReadNumber followed by a second pass
// over the digits made about 10 % slower on number-heavy documents
// (docs/PERFORMANCE.md); the fuzz targets hold it to admission, which
// reads numbers with ReadNumber.
//
// It sits under targets/ so that the refusal-site sweep of mutation/ (which
// mutates ./targets/...) lists the sites of this package too.
//
// # Specifications
//
//   - RFC 8259 section 2 (whitespace), section 4 (objects), section 7
//     (strings and their escapes, surrogate pairs as two \u escapes).
//   - RFC 6901: the Pointer of an [Error].
//
// # One positioned error, and its exceptions
//
// [Error] is admit.Error, and digest.Error embeds it: a [Kind] (the
// sentinel callers match with errors.Is), the byte Offset into the input,
// an RFC 6901 Pointer when a member is named, a [Reason] for a Syntax
// refusal, and a Detail for people; one message format and one Unwrap.
//
// The Reason is a design decision of issue 18: Syntax is one kind for
// every rule of RFC 8259, so two Syntax refusals at one offset could break
// different rules (input that ends inside an escape, inside a \u escape,
// or inside a string: all at len(input)) and nothing a program reads told
// them apart, only the Detail, which the fast scanner and the slow
// reference twin (admit.Reference) word differently on purpose. The
// Reason names the rule by what the grammar wanted at the offset; both set
// it, exactly alike (fuzz/property's ScanMatchesReference compares it with
// the kind and the offset), and only when they refuse, so admitting costs
// nothing more. It is not in the message: Error() reads as before. digest.Error is a type of its own around
// it because callers tell a request admission refused from one the digest
// refused with errors.As. Five error types
// of the targets carry a position and are not this type, each for a reason:
//
//   - jcs.WriteError is not a refusal of its input: the writer returns it
//     only for bytes admission should not have let through, so it reports
//     a bug in admit or jcs (the fuzz tests hold that it never occurs), and
//     it wraps the writer's cause rather than naming a rule of the input.
//   - bound.MalformedError positions by JSON Pointer into a decoded
//     provenance, bound or call, not by byte offset: bound checks decoded
//     values, whose bytes it never sees, and SEP-3246 section 4.3 answers
//     every such fault as one class (errors.Is bound.ErrMalformed).
//   - bound.LimitError is a size refusal of a decoded document (values,
//     depth, rules) caught before or while decoding; it too names a
//     Pointer, not an offset, and matches bound.ErrTooLarge.
//   - bound.GlobError positions into a glob pattern (SEP-3246 section
//     3.2.4), a string value, not into a JSON text: its Offset counts bytes
//     of the decoded pattern, which no offset of the document equals once
//     the string held an escape.
//   - guard.NULError refuses the guard's own configuration (a policy, a
//     tools file) at load, not a message: like bound.MalformedError it
//     names a Pointer into the decoded document, and it matches
//     guard.ErrConfig, which every configuration fault matches.
//
// # Security Considerations
//
// The functions that read admitted bytes (ValueEnd, Members, Elements,
// CountValues) trust admission for the grammar: on other bytes their
// answers mean nothing, though they never panic or read past the slice.
// The escape decoder refuses a lone surrogate escape and never replaces it
// with U+FFFD, since a replaced character would give two texts one
// reading.
package jsonwire
