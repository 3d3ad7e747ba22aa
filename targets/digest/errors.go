package digest

import "github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"

// Kind names why a well-formed request has no action digest. Kinds are the
// sentinels callers match with errors.Is; their string form is printed by
// the command line. It is admit.Kind: the kind of the targets' one
// positioned error (targets/internal/jsonwire).
type Kind = jsonwire.Kind

// The kinds of [Error].
const (
	// NotObject: the request is not a JSON object.
	NotObject = jsonwire.NotObject
	// NotJSONRPC: the request has a "jsonrpc" member that is not "2.0".
	NotJSONRPC = jsonwire.NotJSONRPC
	// NotToolsCall: the method is not "tools/call".
	NotToolsCall = jsonwire.NotToolsCall
	// MissingMember: method, params, name or arguments is absent.
	MissingMember = jsonwire.MissingMember
	// WrongType: method or name is not a string, params or arguments not
	// an object.
	WrongType = jsonwire.WrongType
	// UnexpectedMember: the plain form has a member other than method,
	// name and arguments, which the digest would not cover.
	UnexpectedMember = jsonwire.UnexpectedMember
	// Unreadable: an object admission let through that this package cannot
	// walk. It is never returned for admitted input unless there is a bug
	// in admit or here.
	Unreadable = jsonwire.Unreadable
)

// Error says which member of an admitted request is missing or wrong: its
// Kind, its Pointer (an RFC 6901 JSON Pointer, "/params/name"), the Offset
// of the member's value or of the object lacking it, and a Detail for
// people; its message reads "digest: WrongType at byte 9 (member
// "/params/name"): ...", and Unwrap returns the Kind, so
// errors.Is(err, digest.NotToolsCall) works.
//
// It is the targets' one positioned error (targets/internal/jsonwire, the
// type of admit.Error) under a type of its own: callers tell a request
// admission refused (errors.As to *admit.Error) from one that is JSON but
// not a tools/call this package can digest (errors.As to *digest.Error),
// so the two must not be one Go type.
type Error struct {
	positioned // Kind, Offset, Pointer, Detail; Error and Unwrap
}

// positioned names jsonwire.Error for embedding: a field named Error would
// hide the method Error.
type positioned = jsonwire.Error
