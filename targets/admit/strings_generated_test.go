package admit_test

import (
	"math/rand/v2"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// stringPieces are escapes and multi-byte sequences, well- and ill-formed,
// that a drawn string body takes in runs.
var stringPieces = []string{
	"\\n", "\\\"", "\\\\", "\\u0041", "\\u00e9", "\\uD83D\\uDE00", "\\uDBFF\\uDFFF", "\\uD800", "\\uDC00", "\\uFFFE", "\\uFDD0",
	"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xEF\xBF\xBE", "\xEF\xB7\x90", "\xED\xA0\x80", "\xC3", "\xE2\x82",
}

// stringBody draws up to about 80 bytes: mostly plain ASCII, runs of
// escapes and multi-byte sequences, and any byte value at any alignment now
// and then, so a scanner that skips several plain bytes at a time meets
// every byte at every position of its word.
func stringBody(r *rand.Rand) []byte {
	var b []byte
	for n := r.IntN(81); len(b) < n; {
		switch r.IntN(12) {
		case 0:
			b = append(b, byte(r.IntN(256)))
		case 1:
			b = append(b, []byte{0x00, 0x1f, 0x20, 0x7f, 0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xff, '\\', '"'}[r.IntN(15)])
		case 2, 3:
			for k := 1 + r.IntN(4); k > 0; k-- {
				b = append(b, stringPieces[r.IntN(len(stringPieces))]...)
			}
		default:
			b = append(b, byte(0x20+r.IntN(0x5f)))
		}
	}
	return b
}

// TestStringsMatchReference: on 30,000 drawn strings, as values and as
// names, Scan and Reference agree under both profiles.
func TestStringsMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 2048))
	failures := 0
	for i := 0; i < 30_000 && failures < 10; i++ {
		body := stringBody(r)
		var input []byte
		if r.IntN(2) == 0 {
			input = append(append(append([]byte("[\""), body...), '"'), ']')
		} else {
			input = append(append([]byte("{\""), body...), "\":0}"...)
		}
		for _, opts := range []admit.Options{rfc8785, ijson} {
			if msg := sameVerdict(admit.Scan(input, opts), admit.Reference(input, opts)); msg != "" {
				t.Errorf("input %q, %v: %s", input, opts.Profile, msg)
				failures++
			}
		}
	}
}
