package bound

import "fmt"

// Limits on what one document may hold. SEP-3246 sets none, but the chain
// and the call arrive with the request (section 4.1), so whoever sends them
// must not be able to make a guard build, meet or check more than a small
// multiple of what was sent: past a limit the document is refused with a
// *LimitError (inside the *MalformedError of its parse), and section 4.3
// makes a chain that is refused a violation. Each limit is far above what
// a delegation chain of MCP tool calls carries.
const (
	// MaxValues caps the JSON values (every scalar, array and object,
	// nested ones included) of one document read into a tree: a provenance
	// object, a bound, a call, a tools/list result. The values are counted
	// on the admitted bytes before a tree is built.
	MaxValues = 1 << 16
	// MaxHops caps the hops of one chain (section 2.2): the meet of
	// section 3.3 is taken hop by hop.
	MaxHops = 64
	// MaxInMembers caps the members of one "in" list (section 3.2).
	MaxInMembers = 4096
	// MaxOperandBytes caps a prefix or glob operand (section 3.2), in
	// bytes as decoded: a path or URI pattern, which glob compilation,
	// canonicalization and the meet's automata are linear or worse in.
	MaxOperandBytes = 4096
)

// LimitError is a document refused for passing one of the limits above, or
// a meet or check refused for passing its work cap. It matches ErrTooLarge.
type LimitError struct {
	What    string // what was counted: "values", "hops", "rules", "in members", "operand bytes"
	Max     int    // the limit
	Pointer string // RFC 6901 pointer to where it was passed ("" is the whole document)
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("bound: over the limit of %d %s at %q", e.Max, e.What, e.Pointer)
}

// Is makes errors.Is(err, ErrTooLarge) hold.
func (e *LimitError) Is(target error) bool { return target == ErrTooLarge }

// overLimit is the parse fault of a document past a limit: malformed (so
// every parse fault stays a *MalformedError), caused by the *LimitError.
func overLimit(ptr, what string, max int) *MalformedError {
	le := &LimitError{What: what, Max: max, Pointer: ptr}
	return malformedBy(ptr, FaultOverLimit, le, le.Error())
}
