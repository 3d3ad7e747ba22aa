package admit

import "fmt"

// Kind names the rule an input broke. Kinds are the sentinels callers match
// with errors.Is; their string form is a contract that the command line
// prints exactly.
type Kind string

// Error returns the kind's name, so a Kind is itself an error.
func (k Kind) Error() string { return string(k) }

// The refusal kinds. See the package documentation for where each is reported.
const (
	// Syntax: anything RFC 8259 rejects.
	Syntax Kind = "Syntax"
	// TrailingContent: a byte other than whitespace after the top-level value.
	TrailingContent Kind = "TrailingContent"
	// DuplicateMember: a member name repeated, once decoded, in one object
	// (RFC 8785 section 3.1, RFC 8259 section 4 "SHOULD be unique").
	DuplicateMember Kind = "DuplicateMember"
	// TooDeep: nesting past Options.MaxDepth open containers.
	TooDeep Kind = "TooDeep"
	// StringNotScalar: a string whose bytes are not Unicode scalar values
	// (RFC 8785 section 3.1 via RFC 7493 section 2.1), or a raw control byte.
	StringNotScalar Kind = "StringNotScalar"
	// NumberNotFinite: a number with no finite IEEE 754 double
	// (RFC 8785 section 3.2.2.3 cannot write it).
	NumberNotFinite Kind = "NumberNotFinite"
	// UnsafeInteger: under IJSON, a number whose double has magnitude 2^53
	// or more, an integer past the exact range (RFC 7493 section 2.2).
	UnsafeInteger Kind = "UnsafeInteger"
	// Noncharacter: under IJSON, U+FDD0..U+FDEF or U+xFFFE, U+xFFFF
	// (RFC 7493 section 2.1).
	Noncharacter Kind = "Noncharacter"
	// TooLarge: input longer than Options.MaxSize bytes.
	TooLarge Kind = "TooLarge"
)

// Kinds lists every refusal kind, in the order of the package documentation.
var Kinds = []Kind{Syntax, TrailingContent, DuplicateMember, TooDeep,
	StringNotScalar, NumberNotFinite, UnsafeInteger, Noncharacter, TooLarge}

// Error is a refusal: which rule, where, and a short human detail. Two scans
// of one input return equal Errors.
type Error struct {
	Kind   Kind   // the rule broken; also what errors.Is matches
	Offset int64  // byte offset into the input where the fault is
	Detail string // a short description for people, not for matching
}

func (e *Error) Error() string {
	return fmt.Sprintf("admit: %s at byte %d: %s", e.Kind, e.Offset, e.Detail)
}

// Unwrap returns the Kind, so errors.Is(err, admit.DuplicateMember) works.
func (e *Error) Unwrap() error { return e.Kind }
