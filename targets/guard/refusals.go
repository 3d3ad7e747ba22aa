package guard

import (
	"fmt"

	"golang.org/x/text/unicode/norm"
)

// The refusals of a decision, written once for Decide and its reference
// twin, so that the two give the same class, code and reason.
//
// Each is go:noinline (but absentProvenance, which a call without
// provenance meets under Originate): inlined, the refusals' code lay
// between the lines of Decide's way through an admitted call, which a
// decision on a cold processor fetches from memory line by line
// (docs/PERFORMANCE.md, "The guard's cold call, third pass").

//go:noinline
func batchRefusal() *Refusal {
	return &Refusal{Class: ErrBatch, Code: CodeInvalidRequest,
		Reason: "a batch (top-level array) is refused whole: its calls would not be checked one by one"}
}

//go:noinline
func notAnObject(kind string) *Refusal {
	return &Refusal{Class: ErrNotRequest, Code: CodeInvalidRequest, Reason: "a JSON-RPC message is an object, not a " + kind}
}

//go:noinline
func methodNotString(kind string) *Refusal {
	return &Refusal{Class: ErrNotRequest, Code: CodeInvalidRequest, Reason: "method must be a string, not " + kind}
}

//go:noinline
func methodWithNUL(method string) *Refusal {
	return &Refusal{Class: ErrNotRequest, Code: CodeInvalidRequest,
		Reason: "the method " + string(appendJSONString(nil, method)) + " holds a NUL: a parser that reads strings up to their first NUL (cJSON) reads another method (\"tools/call\\u0000x\" as tools/call), which the guard would not check"}
}

//go:noinline
func requestIDWithNUL() *Refusal {
	return &Refusal{Class: ErrNotRequest, Code: CodeInvalidRequest,
		Reason: "the request's id holds a NUL: a server that reads strings up to their first NUL (cJSON) answers another id (\"a\\u0000b\" as \"a\"), which the guard could not match to the request"}
}

//go:noinline
func requestIDNotStringOrNumber(kind string) *Refusal {
	return &Refusal{Class: ErrNotRequest, Code: CodeInvalidRequest,
		Reason: "a request's id must be a string or a number (JSON-RPC 2.0 section 4; MCP forbids null), not " + kind}
}

//go:noinline
func callWithoutID() *Refusal {
	return &Refusal{Class: ErrNotRequest, Code: CodeInvalidRequest,
		Reason: "a tools/call must be a request with a string or number id"}
}

//go:noinline
func notJSONRPC2() *Refusal {
	return &Refusal{Class: ErrNotRequest, Code: CodeInvalidRequest, Reason: `a JSON-RPC request must carry "jsonrpc": "2.0"`}
}

//go:noinline
func paramsNotObject() *Refusal {
	return &Refusal{Class: ErrInvalidParams, Code: CodeInvalidParams, Reason: "tools/call params must be an object"}
}

// emptyChain: section 3.1, an empty chain admits nothing, and "MUST NOT"
// be read as absent; extended by this guard's hop it would be, at every
// guard downstream, so audit mode does not forward it either
// (findings/spec/guard-audit-malformed.md).
//
//go:noinline
func emptyChain() *Refusal {
	return &Refusal{Class: ErrOutsideBound, Code: CodeOutsideBound, Reason: "the inbound chain is empty and confers no authority"}
}

// outsideBound: bound.Check found the call outside effbound (section 4.2);
// its reason is a string, with no error to keep.
//
//go:noinline
func outsideBound(reason string) *Refusal {
	return &Refusal{Class: ErrOutsideBound, Code: CodeOutsideBound, Reason: reason}
}

// unreadArguments: the constrained arguments could not be read, so the call
// cannot be shown to lie within effbound (section 4.2) and is refused as
// outside it. err is kept as the cause: a *bound.LimitError for arguments
// past bound.MaxValues values, the decode error otherwise.
//
//go:noinline
func unreadArguments(err error) *Refusal {
	return &Refusal{Class: ErrOutsideBound, Code: CodeOutsideBound, Reason: err.Error(), Cause: err}
}

// metaNotObject: a _meta that is not an object is malformed provenance:
// the key cannot be read, and cannot be taken as absent.
//
//go:noinline
func metaNotObject(kind string) *Refusal {
	return &Refusal{Class: ErrMalformedProvenance, Code: CodeOutsideBound, Reason: "params._meta must be an object, not " + kind}
}

// absentProvenance is the refusal of a call without provenance under the
// disposition (section 4.5.1): none under Originate.
func absentProvenance(absent Disposition) *Refusal {
	if absent != Reject {
		return nil
	}
	return &Refusal{Class: ErrAbsentProvenance, Code: CodeOutsideBound,
		Reason: "the call carries no provenance and this guard's disposition is reject"}
}

//go:noinline
func malformedProvenance(err error) *Refusal {
	return &Refusal{Class: ErrMalformedProvenance, Code: CodeOutsideBound,
		Reason: fmt.Sprintf("the provenance is malformed: %v", err), Cause: err}
}

//go:noinline
func unwritable(err error) *Refusal {
	return &Refusal{Class: ErrGuardConfig, Code: CodeInternalError,
		Reason: "the extended message cannot be written: " + err.Error(), Cause: err}
}

// caseAliasRefusal: a member name that a parser matching names without case
// reads as the member the guard reads (fold.go): at the top level -32600,
// in a call's params or arguments -32602; refused in audit mode too, since
// the guard cannot know which call the server reads.
func caseAliasRefusal(where string, a alias) *Refusal {
	r := &Refusal{Class: ErrInvalidParams, Code: CodeInvalidParams}
	if where == "" {
		r.Class, r.Code = ErrNotRequest, CodeInvalidRequest
	}
	parser := "a parser that matches names without case (Go's encoding/json)"
	if cString(a.name) != a.name {
		parser = "a parser that reads names up to their first NUL, or also without case (cJSON)"
	} else if !norm.NFC.IsNormalString(a.name) || !norm.NFC.IsNormalString(a.of) {
		parser = "a parser that compares names by canonical equivalence (Swift's String), or also without case"
	}
	r.Reason = "the member " + where + string(appendJSONString(nil, a.name)) + " is the member " +
		string(appendJSONString(nil, a.of)) + " to " + parser + ": refused, as a duplicate member is"
	return r
}
