package fuzz_test

import (
	"fmt"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
)

// finding is a property violated: what went wrong, on which input (in
// full), and what each implementation did with it.
type finding struct {
	input    []byte
	problem  string
	outcomes []oracle.Outcome
}

func (f *finding) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\ninput %q (%d bytes)", f.problem, f.input, len(f.input))
	for _, o := range f.outcomes {
		fmt.Fprintf(&b, "\n  %v", o)
	}
	return b.String()
}

// violated returns the finding for input.
func violated(input []byte, outcomes []oracle.Outcome, format string, args ...any) error {
	return &finding{input: input, problem: fmt.Sprintf(format, args...), outcomes: outcomes}
}
