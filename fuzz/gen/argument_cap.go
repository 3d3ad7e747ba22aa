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

// argumentsPastCap is the flaw that puts a constrained argument one value
// past the cap: the guard decodes the arguments its chain constrains
// (read_file's path, create_issue's repo) within ValueCap values together,
// and past it cannot check the call, so refuses it as outside the bound
// with a *bound.LimitError as the cause (SEP-3246 section 4.2). A flaw at
// the cap is not drawn: the guard then decodes and checks 64 Ki values, a
// Decide of about 6 times the instructions of one past it (92 M against
// 16 M), and DecideMatchesReference of 3.6 times (212 M against 59 M);
// the guard's known answers pin the cap from both sides. The counts are
// callgrind's, of BenchmarkCapMessageCost in fuzz/property, with the
// command in docs/PERFORMANCE.md ("What a message at the value cap
// costs").
const argumentsPastCap = "arguments past cap"

// argumentsPastCapOdds is one in how many draws of the flaw "arguments
// past cap" plant it. DecideMatchesReference spends about 90 times a plain
// message's instructions on such a message (59 M against 0.65 M, the same
// benchmark and command), so at one in 16 (one message in 320, with
// messageFlaws' 20 flaws) the flaw takes about a fifth of the property's
// instructions (21 %). One in 64, as for the provenance, found the guard's
// dropped argument limit (decideCall#7) in 2 of 10 trials of 10 s at load
// 10 to 30 when the odds were set (4593cb7).
const argumentsPastCapOdds = 16

// pastCapArgument is a constrained argument past the cap: an array of
// ValueCap zeros, ValueCap+1 values, written once and shared (128 KiB).
var pastCapArgument = sync.OnceValue(func() string { return zerosArray(ValueCap) })

// zerosArray is a JSON array of n zeros, n+1 values.
func zerosArray(n int) string {
	return "[" + strings.TrimSuffix(strings.Repeat("0,", n), ",") + "]"
}
