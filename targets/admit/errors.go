package admit

import "github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"

// Kind names the rule an input broke. Kinds are the sentinels callers match
// with errors.Is; their string form is a contract that the command line
// prints exactly. It is the kind of the targets' one positioned error
// (targets/internal/jsonwire), which digest.Kind is too.
type Kind = jsonwire.Kind

// The refusal kinds. See the package documentation for where each is reported.
const (
	// Syntax: anything RFC 8259 rejects.
	Syntax = jsonwire.Syntax
	// TrailingContent: a byte other than whitespace after the top-level value.
	TrailingContent = jsonwire.TrailingContent
	// DuplicateMember: a member name repeated, once decoded, in one object
	// (RFC 8785 section 3.1, RFC 8259 section 4 "SHOULD be unique").
	DuplicateMember = jsonwire.DuplicateMember
	// TooDeep: nesting past Options.MaxDepth open containers.
	TooDeep = jsonwire.TooDeep
	// StringNotScalar: a string whose bytes are not Unicode scalar values
	// (RFC 8785 section 3.1 via RFC 7493 section 2.1), or a raw control byte.
	StringNotScalar = jsonwire.StringNotScalar
	// NumberNotFinite: a number with no finite IEEE 754 double
	// (RFC 8785 section 3.2.2.3 cannot write it).
	NumberNotFinite = jsonwire.NumberNotFinite
	// UnsafeInteger: under IJSON, a number whose double has magnitude 2^53
	// or more, an integer past the exact range (RFC 7493 section 2.2).
	UnsafeInteger = jsonwire.UnsafeInteger
	// Noncharacter: under IJSON, U+FDD0..U+FDEF or U+xFFFE, U+xFFFF
	// (RFC 7493 section 2.1).
	Noncharacter = jsonwire.Noncharacter
	// TooLarge: input longer than Options.MaxSize bytes.
	TooLarge = jsonwire.TooLarge
)

// Reason names which rule of the grammar a Syntax refusal broke, what RFC
// 8259 wanted at its offset; every other kind has the Reason ByKind. Scan
// and Reference give the same Reason for every input
// (targets/internal/jsonwire/reason.go has the contract).
type Reason = jsonwire.Reason

// The reasons of a Syntax refusal; see jsonwire.Reason.
const (
	ByKind           = jsonwire.ByKind
	WantValue        = jsonwire.WantValue
	WantMemberName   = jsonwire.WantMemberName
	WantColon        = jsonwire.WantColon
	WantCommaOrClose = jsonwire.WantCommaOrClose
	WantLiteral      = jsonwire.WantLiteral
	WantDigit        = jsonwire.WantDigit
	LeadingZero      = jsonwire.LeadingZero
	WantStringEnd    = jsonwire.WantStringEnd
	WantEscape       = jsonwire.WantEscape
	WantHexDigit     = jsonwire.WantHexDigit
)

// Kinds lists every refusal kind, in the order of the package documentation.
var Kinds = []Kind{Syntax, TrailingContent, DuplicateMember, TooDeep,
	StringNotScalar, NumberNotFinite, UnsafeInteger, Noncharacter, TooLarge}

// Error is a refusal: which rule (Kind), where (Offset), and a short human
// Detail; its message reads "admit: Syntax at byte 3: ...". Two scans of
// one input return equal Errors. It is the one positioned error type of the
// targets (targets/internal/jsonwire), which digest.Error embeds; Unwrap
// returns the Kind, so errors.Is(err, admit.DuplicateMember) works.
type Error = jsonwire.Error
