package gen

import (
	"strings"
	"sync"
)

// ValueCap is bound.MaxValues as targets/bound/limits.go documents it
// (65536 JSON values in one document read into a tree; SEP-3246 sets no
// such limit), written here as a literal, not read from the constant: a
// document built from the target's own constant moves with it and cannot
// tell a cap moved by one. A test holds it equal to the target's.
const ValueCap = 1 << 16

// The flaws that put a constrained argument at the value cap or one past
// it: the guard decodes the arguments its chain constrains (read_file's
// path, create_issue's repo) within ValueCap values together, and past it
// cannot check the call, so refuses it as outside the bound with a
// *bound.LimitError as the cause (SEP-3246 section 4.2). Drawn, as
// "provenance past cap", on one draw in pastCapOdds of the flaw.
const (
	argumentsPastCap = "arguments past cap"
	argumentsAtCap   = "arguments at cap"
)

// capArguments are the values of a constrained argument past the cap (an
// array of ValueCap zeros: ValueCap+1 values) and at it (ValueCap values),
// written once and shared (128 KiB each).
var capArguments = sync.OnceValue(func() map[string]string {
	return map[string]string{argumentsPastCap: zerosArray(ValueCap), argumentsAtCap: zerosArray(ValueCap - 1)}
})

// zerosArray is a JSON array of n zeros, n+1 values.
func zerosArray(n int) string {
	return "[" + strings.TrimSuffix(strings.Repeat("0,", n), ",") + "]"
}
