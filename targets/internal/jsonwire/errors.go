package jsonwire

import "fmt"

// Kind names the rule an input broke. Kinds are the sentinels callers match
// with errors.Is; their string form is a contract that the command line
// prints exactly, so no two kinds share a name. targets/admit and
// targets/digest declare the kinds below under their own names (admit.Syntax
// is Syntax) with their meaning; this file only gathers them so that one
// error type carries them all.
type Kind string

// Error returns the kind's name, so a Kind is itself an error.
func (k Kind) Error() string { return string(k) }

// The kinds of admission (targets/admit): RFC 8259, RFC 8785 section 3.1
// and RFC 7493.
const (
	Syntax          Kind = "Syntax"
	TrailingContent Kind = "TrailingContent"
	DuplicateMember Kind = "DuplicateMember"
	TooDeep         Kind = "TooDeep"
	StringNotScalar Kind = "StringNotScalar"
	NumberNotFinite Kind = "NumberNotFinite"
	UnsafeInteger   Kind = "UnsafeInteger"
	Noncharacter    Kind = "Noncharacter"
	TooLarge        Kind = "TooLarge"
)

// The kinds of a tools/call request read for its action digest
// (targets/digest): JSON-RPC 2.0 and MCP tools/call.
const (
	NotObject        Kind = "NotObject"
	NotJSONRPC       Kind = "NotJSONRPC"
	NotToolsCall     Kind = "NotToolsCall"
	MissingMember    Kind = "MissingMember"
	WrongType        Kind = "WrongType"
	UnexpectedMember Kind = "UnexpectedMember"
	Unreadable       Kind = "Unreadable"
)

// area is the package that reports the kind, the prefix of an Error's
// message.
func (k Kind) area() string {
	switch k {
	case NotObject, NotJSONRPC, NotToolsCall, MissingMember, WrongType, UnexpectedMember, Unreadable:
		return "digest"
	}
	return "admit"
}

// Error is a refusal of a JSON text: which rule, where, and a short human
// detail. It is the one positioned error of the targets that read JSON
// bytes (admit.Error is this type; digest.Error embeds it). Two reads of
// one input return equal Errors.
type Error struct {
	Kind    Kind   // the rule broken; also what errors.Is matches
	Reason  Reason // which rule of a Syntax refusal (reason.go); ByKind for every other kind
	Offset  int64  // byte offset into the input where the fault is
	Pointer string // the member at fault as an RFC 6901 JSON Pointer, if one is named ("" is none or the whole text)
	Detail  string // a short description for people, not for matching
}

// Error writes "admit: Syntax at byte 3: detail", with the member after the
// offset when the error names one: "digest: WrongType at byte 9 (member
// "/params/name"): detail".
func (e *Error) Error() string {
	if e.Pointer != "" {
		return fmt.Sprintf("%s: %s at byte %d (member %q): %s", e.Kind.area(), e.Kind, e.Offset, e.Pointer, e.Detail)
	}
	return fmt.Sprintf("%s: %s at byte %d: %s", e.Kind.area(), e.Kind, e.Offset, e.Detail)
}

// Unwrap returns the Kind, so errors.Is(err, admit.DuplicateMember) works.
func (e *Error) Unwrap() error { return e.Kind }
