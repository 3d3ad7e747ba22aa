package digest

import "fmt"

// Kind names why a well-formed request has no action digest. Kinds are the
// sentinels callers match with errors.Is; their string form is printed by
// the command line.
type Kind string

// Error returns the kind's name, so a Kind is itself an error.
func (k Kind) Error() string { return string(k) }

// The kinds of [Error].
const (
	// NotObject: the request is not a JSON object.
	NotObject Kind = "NotObject"
	// NotJSONRPC: the request has a "jsonrpc" member that is not "2.0".
	NotJSONRPC Kind = "NotJSONRPC"
	// NotToolsCall: the method is not "tools/call".
	NotToolsCall Kind = "NotToolsCall"
	// MissingMember: method, params, name or arguments is absent.
	MissingMember Kind = "MissingMember"
	// WrongType: method or name is not a string, params or arguments not
	// an object.
	WrongType Kind = "WrongType"
	// UnexpectedMember: the plain form has a member other than method,
	// name and arguments, which the digest would not cover.
	UnexpectedMember Kind = "UnexpectedMember"
	// Unreadable: an object admission let through that this package cannot
	// walk. It is never returned for admitted input unless there is a bug
	// in admit or here.
	Unreadable Kind = "Unreadable"
)

// Error says which member of an admitted request is missing or wrong.
type Error struct {
	Kind    Kind   // what is wrong; also what errors.Is matches
	Pointer string // the member, as an RFC 6901 JSON Pointer ("/params/name")
	Offset  int64  // byte offset of the member's value, or of the object lacking it
	Detail  string // a short description for people, not for matching
}

func (e *Error) Error() string {
	return fmt.Sprintf("digest: %s at byte %d (member %q): %s", e.Kind, e.Offset, e.Pointer, e.Detail)
}

// Unwrap returns the Kind, so errors.Is(err, digest.NotToolsCall) works.
func (e *Error) Unwrap() error { return e.Kind }
