package admit

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// TestSkipNumberMatchesReadNumber holds skipNumbers, admission's number
// reader (issue 20), on one token to jsonwire.ReadNumber and mayRefuse: on every string
// of up to five bytes over the number alphabet and on random longer ones
// (long digit runs, exponents near 308 and past the saturation),
// skipNumbers ends a token exactly where ReadNumber does and returns -1
// exactly when ReadNumber refuses it or mayRefuse holds under RFC 8785.
// Long digit runs (checkLong) are held the same way, and inside an array
// to ReferenceSkipNumbers. Arrays of those tokens and bare top-level lists
// of them, whole and cut, Scan judges as Reference does.
func TestSkipNumberMatchesReadNumber(t *testing.T) {
	s := &scanner{}
	check := func(in []byte) {
		t.Helper()
		var num jsonwire.Number
		err := jsonwire.ReadNumber(in, 0, &num)
		end := skipNumbers(in, 0, false)
		switch {
		case err != nil && end != -1:
			t.Fatalf("%q: skipNumbers ends at %d, ReadNumber refuses: %v", in, end, err)
		case err == nil && s.mayRefuse(&num) && end != -1:
			t.Fatalf("%q: skipNumbers ends at %d, mayRefuse", in, end)
		case err == nil && !s.mayRefuse(&num) && end != num.End:
			t.Fatalf("%q: skipNumbers ends at %d, ReadNumber at %d", in, end, num.End)
		}
	}
	const alphabet = "-0129.eE+ x"
	var walk func(prefix []byte)
	walk = func(prefix []byte) {
		check(prefix)
		if len(prefix) == 5 {
			return
		}
		for k := range len(alphabet) {
			walk(append(prefix, alphabet[k]))
		}
	}
	walk(nil)
	r := rand.New(rand.NewPCG(20, 8785))
	digits := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		return b.String()
	}
	parts := []func() string{
		func() string { return []string{"", "-"}[r.IntN(2)] },
		func() string { return []string{"0", "1" + digits(r.IntN(320)), digits(1 + r.IntN(20))}[r.IntN(3)] },
		func() string { return []string{"", "." + digits(r.IntN(20)), "."}[r.IntN(3)] },
		func() string {
			return []string{"", "e", "E+", "e-", "e"}[r.IntN(5)] +
				[]string{digits(r.IntN(4)), "30" + digits(1), "9" + digits(r.IntN(16)), "00000000000000000000309"}[r.IntN(4)]
		},
		func() string { return []string{"", ",", "]", " ", "x", "."}[r.IntN(6)] },
	}
	token := func() string {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p())
		}
		return b.String()
	}
	for range 200_000 {
		check([]byte(token()))
	}
	checkLong(t, check, r)
	for k := range 40_000 {
		var b strings.Builder
		top := k%2 == 1 // a top-level list, which is no value (FuzzScanMatchesReference found "0,10" admitted)
		if !top {
			b.WriteByte('[')
		}
		for k := range 1 + r.IntN(6) {
			if k > 0 {
				b.WriteString([]string{",", ",", ",", ", ", ",,"}[r.IntN(5)])
			}
			b.WriteString(strings.TrimRight(token(), ",] x."))
		}
		if !top {
			b.WriteByte(']')
		}
		doc := []byte(b.String())
		for _, in := range [][]byte{doc, doc[:r.IntN(len(doc))]} {
			got, want := Scan(in, Options{}), Reference(in, Options{})
			if kindOf(got) != kindOf(want) || offsetOf(got) != offsetOf(want) {
				t.Fatalf("%q: Scan %v, Reference %v", in, got, want)
			}
		}
	}
}

// checkLong holds skipNumbers to ReadNumber (check) and, inside an array,
// to ReferenceSkipNumbers on long digit runs, where the word loop
// (jsonwire.PastDigits, eight bytes a step) takes over from the byte
// tests: a run of each length from 1 to 40 (past one word and two) as the
// integer part, the fraction and the exponent of a token, the token cut
// at every byte, and every byte of the run in turn replaced by each byte
// that cannot continue it (a grammar error, or the token's end, at every
// position of the run: in the first word, on a word's edge, in a later
// word, in the byte loop of the tail) and by '0' (a leading zero at the
// run's first byte). Lists of them are also held, in an array, to
// Reference, which shares no code with either reader.
func checkLong(t *testing.T, check func([]byte), r *rand.Rand) {
	t.Helper()
	stops := []byte{'.', 'e', 'E', '+', '-', ',', ']', ' ', 'x', '/', ':', 0, 0x80, 0xff, '0'}
	list := func(in []byte) {
		t.Helper()
		if got, want := SkipNumbers(in, true), ReferenceSkipNumbers(in, true); got != want {
			t.Fatalf("%q in an array: skipNumbers ends at %d, ReferenceSkipNumbers at %d", in, got, want)
		}
		// Reference reads a number a byte at a time, without
		// jsonwire, so a fault ReadNumber shares (PastDigits) shows
		// here.
		doc := append(append([]byte{'['}, in...), ']')
		if got, want := Scan(doc, Options{}), Reference(doc, Options{}); kindOf(got) != kindOf(want) || offsetOf(got) != offsetOf(want) {
			t.Fatalf("%q: Scan %v, Reference %v", doc, got, want)
		}
	}
	for size := 1; size <= 40; size++ {
		run := make([]byte, size)
		for k := range run {
			run[k] = byte('1' + r.IntN(9))
		}
		for _, place := range [][2]string{{"-", ".5e+7"}, {"7.", "e-2"}, {"1.5e+", ""}, {"", ""}} {
			tok := []byte(place[0] + string(run) + place[1])
			at := len(place[0])
			for cut := 0; cut <= len(tok); cut++ {
				check(tok[:cut])
				list(append([]byte("1,"), tok[:cut]...))
			}
			for k := range size {
				for _, c := range stops {
					bad := append([]byte(nil), tok...)
					bad[at+k] = c
					check(bad)
					list(append(append(bad[:len(bad):len(bad)], ','), tok...))
					list(append(append(append([]byte(nil), tok...), ','), bad...))
				}
			}
		}
	}
}
