package oraclepin

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// Refuses marks a pinned outcome as a refusal (an error wrapping
// oracle.ErrRefused).
const Refuses = "\x00refuses"

// Incumbent is what one oracle does today with each Edge vector, by vector
// name: the exact output, or Refuses. A vector an oracle's table leaves out
// fails the test, so the table says something about every vector.
type Incumbent map[string]string

// CheckIncumbent runs every Edge vector through c and fails, with the full
// input, on any outcome other than the pinned one: the day a library
// changes what it does with an edge case, its test goes red and says how.
func CheckIncumbent(t *testing.T, c oracle.Canonicalizer, pinned Incumbent) {
	t.Helper()
	seen := map[string]bool{}
	for _, v := range seeds.Edge {
		seen[v.Name] = true
		t.Run(v.Name, func(t *testing.T) {
			want, ok := pinned[v.Name]
			if !ok {
				t.Fatalf("no incumbent behaviour pinned for %q; %s", v.Name, Describe(c, v.Input))
			}
			got := Describe(c, v.Input)
			if want == Refuses {
				want = "refuses"
			} else {
				want = fmt.Sprintf("%q", want)
			}
			if !strings.HasPrefix(got, want) {
				t.Errorf("%s on input %q (%s):\n got %s\nwant %s", oracle.Label(c), v.Input, v.Comment, got, want)
			}
		})
	}
	for name := range pinned {
		if !seen[name] {
			t.Errorf("incumbent table names %q, which is no Edge vector", name)
		}
	}
}

// Describe runs input through c and says what happened in one line: the
// quoted output, "refuses: <reason>", or the breakdown.
func Describe(c oracle.Canonicalizer, input string) string {
	out, err := c.Canonicalize([]byte(input))
	switch {
	case err == nil:
		return fmt.Sprintf("%q", out)
	case errors.Is(err, oracle.ErrRefused):
		return "refuses: " + err.Error()
	default:
		return "breaks down: " + err.Error()
	}
}

// RFCExcept is the incumbent table of an oracle that does what RFC 8785
// says with every Edge vector (the RFC output, or a refusal where the input
// is invalid) except the departures listed, by vector name.
func RFCExcept(departures Incumbent) Incumbent {
	pinned := Incumbent{}
	for _, v := range seeds.Edge {
		pinned[v.Name] = v.RFC
		if v.RFC == "" {
			pinned[v.Name] = Refuses
		}
	}
	for name, outcome := range departures {
		pinned[name] = outcome
	}
	return pinned
}
