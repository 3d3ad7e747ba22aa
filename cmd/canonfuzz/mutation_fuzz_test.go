//go:build lab || planted

package main

import (
	"strings"
	"testing"
)

// The flags of the fuzz score are checked before any work, each by its
// own name.
func TestMutationFuzzFlagsCheckedFirst(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"mutation", "--fuzz", "--sample", "-1"}, "--sample -1"},
		{[]string{"mutation", "--fuzz", "--budget", "0s"}, "--budget 0s"},
		{[]string{"mutation", "--fuzz", "--trials", "0"}, "--trials 0"},
		{[]string{"mutation", "--fuzz", "--minimize-time", "-1s"}, "--minimize-time -1s"},
		{[]string{"mutation", "--fuzz", "--quick"}, "--fuzz takes no --quick"},
		{[]string{"mutation", "--mutants", "("}, "--mutants"},
	} {
		code, _, errOut := runCmd(t, "", c.args...)
		first, _, _ := strings.Cut(errOut, "\n")
		if code != exitUsage || !strings.Contains(first, c.want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
}
