package property

import (
	"fmt"
	"strings"
)

// Violation is a property that does not hold on one input. Its signature,
// Property:Class, is how the minimizer and findings/ know one failure from
// another: Class must stay the same while the input shrinks (no offsets,
// values or lengths in it), Detail says what happened on this input.
type Violation struct {
	Property string // the property function, such as ScanMatchesReference
	Class    string // how it failed, such as rfc8785:offset:Syntax
	Detail   string // what happened, for people
	Input    Input  // the arguments it failed on, set by Binding.Check
}

// Signature is Property:Class.
func (v *Violation) Signature() string { return v.Property + ":" + v.Class }

// Error writes the signature, the detail and the full input, quoted, so
// that a failure's message alone reproduces it.
func (v *Violation) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", v.Signature(), v.Detail)
	for i, x := range v.Input {
		switch x := x.(type) {
		case []byte:
			fmt.Fprintf(&b, "\n  argument %d: %q (%d bytes)", i, x, len(x))
		case string:
			fmt.Fprintf(&b, "\n  argument %d: %q (%d bytes)", i, x, len(x))
		default:
			fmt.Fprintf(&b, "\n  argument %d: %T(%v)", i, x, x)
		}
	}
	return b.String()
}

// violated returns a Violation of property with class and a detail.
func violated(property, class, format string, args ...any) *Violation {
	return &Violation{Property: property, Class: class, Detail: fmt.Sprintf(format, args...)}
}

// Unavailable is the violation of a property whose oracles did not start.
func Unavailable(property string, err error) *Violation {
	return violated(property, "oracle:unavailable", "the oracles did not start (make node-deps): %v", err)
}
