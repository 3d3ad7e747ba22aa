//go:build lab || planted

package main

import "testing"

// The flags of the fuzz score are checked before any work, each by its
// own name.
func TestMutationFuzzFlagsCheckedFirst(t *testing.T) {
	checkFlagErrors(t, []flagErrorCase{
		{[]string{"mutation", "--fuzz", "--sample", "-1"}, "--sample -1", nil},
		{[]string{"mutation", "--fuzz", "--budget", "0s"}, "--budget 0s", nil},
		{[]string{"mutation", "--fuzz", "--trials", "0"}, "--trials 0", nil},
		{[]string{"mutation", "--fuzz", "--minimize-time", "-1s"}, "--minimize-time -1s", nil},
		{[]string{"mutation", "--fuzz", "--quick"}, "--fuzz takes no --quick", nil},
		{[]string{"mutation", "--mutants", "("}, "--mutants", nil},
	})
}
