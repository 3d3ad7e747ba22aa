package property

import (
	"bytes"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// NumberSkipper reads number tokens as admission's fast number reader
// does: admit.SkipNumbers, or a planted variant.
type NumberSkipper = func(in []byte, array bool) int

// SkipNumbersMatchesReadNumber: on any bytes, admission's number reader
// (admit.SkipNumbers: digit runs eight bytes at a time, no token kept)
// ends where its slow twin admit.ReferenceSkipNumbers (each token read by
// jsonwire.ReadNumber and judged as RFC 8785 admission judges it) ends,
// and gives up (-1) exactly when the twin does: on one token (class
// token:differs) and on the list of tokens after commas inside an array
// (list:differs); the input is left as it was (wrote-input).
func SkipNumbersMatchesReadNumber(skip NumberSkipper, in []byte) *Violation {
	const name = "SkipNumbersMatchesReadNumber"
	kept := bytes.Clone(in)
	for _, array := range []bool{false, true} {
		class := "token"
		if array {
			class = "list"
		}
		got := skip(in, array)
		if !bytes.Equal(in, kept) {
			return violated(name, "wrote-input", "the reader wrote to its input")
		}
		if want := admit.ReferenceSkipNumbers(in, array); got != want {
			return violated(name, class+":differs", "%q: the reader ends at %d, ReadNumber's twin at %d", in, got, want)
		}
	}
	return nil
}
