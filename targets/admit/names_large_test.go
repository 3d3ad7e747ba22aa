package admit_test

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// largeObject writes an object of n numbered members whose names are
// spelled plain or with an escape at random; when dup >= 0 the last member
// repeats member dup's name, spelled the other way. Member mid holds an
// object of the same names (a repeat across depths is no repeat), of inner
// members.
func largeObject(r *rand.Rand, b *strings.Builder, n, dup, mid, inner int) {
	spell := func(i int, escaped bool) string {
		if escaped {
			return `\u006d` + strconv.Itoa(i) // "m"
		}
		return "m" + strconv.Itoa(i)
	}
	escaped := make([]bool, n)
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		escaped[i] = r.IntN(4) == 0
		b.WriteString(`"` + spell(i, escaped[i]) + `":`)
		if i == mid && inner > 0 {
			largeObject(r, b, inner, -1, -1, 0)
		} else {
			b.WriteByte('0')
		}
	}
	if dup >= 0 {
		b.WriteString(`,"` + spell(dup, !escaped[dup]) + `":0`)
	}
	b.WriteByte('}')
}

// TestLargeObjectsMatchReference: objects past every boundary of the name
// set (the linear search's 16 members, an index's growths, the entries'
// chunks of 1024 and the first chunk's doublings), with a repeat of an
// early, a middle or the last name and an object of the same names open
// inside: Scan and Reference find the same repeat at the same byte.
func TestLargeObjectsMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(8785, 46))
	for _, n := range []int{16, 17, 29, 57, 1023, 1024, 1025, 2049, 5000, 20_000} {
		for _, dup := range []int{-1, 0, n / 2, n - 1} {
			for _, inner := range []int{0, 17, 1100} {
				var b strings.Builder
				largeObject(r, &b, n, dup, n/3, inner)
				input := []byte(b.String())
				got, want := admit.Scan(input, admit.Options{}), admit.Reference(input, admit.Options{})
				if msg := sameVerdict(got, want); msg != "" {
					t.Errorf("%d members, repeat of %d, %d inside: %s", n, dup, inner, msg)
				}
				if (want == nil) != (dup < 0) {
					t.Errorf("%d members, repeat of %d: Reference says %v", n, dup, want)
				}
			}
		}
	}
}
