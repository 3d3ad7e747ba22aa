package admit

import (
	"math/bits"
	"strings"
	"testing"
)

// A name entry holds every offset below MaxSizeLimit and every count,
// a count of longName or more as longName, never as a smaller one.
func TestNameEntryPacksWithoutTruncation(t *testing.T) {
	for _, c := range []struct {
		off, n  int
		escaped bool
		count   int
	}{
		{0, 0, false, 0},
		{1, 7, true, 7},
		{MaxSizeLimit - 1, longName - 1, true, longName - 1},
		{1 << 33, longName, false, longName},
		{1<<32 + 5, 1 << 33, true, longName},
	} {
		e := makeEntry(c.off, c.n, c.escaped)
		if e.off() != c.off || e.count() != c.count || e.escaped() != c.escaped || e.quote() != c.off-1 {
			t.Errorf("makeEntry(%d, %d, %v) = off %d count %d escaped %v", c.off, c.n, c.escaped, e.off(), e.count(), e.escaped())
		}
	}
}

// A long name's count is measured again from the input: plain, and
// escaped with escaped quotes and backslashes before its closing quote.
func TestLongNamesAreMeasuredFromTheInput(t *testing.T) {
	for _, c := range []struct{ raw, decoded string }{
		{"abc", "abc"},
		{`a\"b\\`, `a"b\`},
		{`\u0061\"\\\"`, `a"\"`},
		{`\"x`, `"x`},
	} {
		in := []byte(`{"` + c.raw + `":0}`)
		ns := nameSet{in: in}
		e := nameEntry(2) | longName<<offsetBits // the name at byte 2, as if half a gigabyte long
		if c.raw != c.decoded {
			e |= escapedBit
		}
		if got := ns.rawCount(e); got != len(c.raw) {
			t.Errorf("%s: raw count %d, want %d", c.raw, got, len(c.raw))
		}
		if got := string(ns.name(e)); got != c.decoded {
			t.Errorf("%s: decoded %q, want %q", c.raw, got, c.decoded)
		}
		if !ns.equal(e, []byte(c.decoded)) || ns.equal(e, []byte(c.decoded+"x")) || ns.equal(e, []byte(c.decoded[1:])) {
			t.Errorf("%s: equal is wrong", c.raw)
		}
	}
}

// maxNames bounds the names of the densest inputs, and its bound for the
// largest admissible input leaves entry number + 1 within a slot's 32 bits.
func TestMaxNamesBoundsTheDensestInputs(t *testing.T) {
	for _, c := range []struct {
		input string
		names int
	}{
		{`{"":0}`, 1},
		{`{"":{"":{"":0}}}`, 3},
		{`{"":{}}`, 1},
		{`[{"":0},{"":0}]`, 2},
		{`{"a":0,"b":0,"c":0}`, 3},
		{strings.Repeat(`{"":`, 512) + "0" + strings.Repeat("}", 512), 512},
	} {
		if got := maxNames(len(c.input)); got < uint64(c.names) {
			t.Errorf("%s: maxNames %d, holds %d", c.input, got, c.names)
		}
	}
	if b := bits.Len64(maxNames(MaxSizeLimit)); b > 32 {
		t.Errorf("maxNames(MaxSizeLimit) needs %d bits", b)
	}
}

// With no bits left for a tag (an input near MaxSizeLimit), every probe
// reads its entry and the verdicts stay the same.
func TestNamesWithoutTags(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"a":0`)
	for i := range 3000 {
		b.WriteString(`,"n` + strings.Repeat("x", i%7) + string(rune('A'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676)) + `":0`)
	}
	admittedDoc := b.String() + "}"
	refusedDoc := b.String() + `,"\u0061":0}`
	for _, c := range []struct {
		doc  string
		want Kind
	}{{admittedDoc, ""}, {refusedDoc, DuplicateMember}} {
		for _, entryBits := range []uint{32, 23, 12} {
			s := new(scanner)
			s.reset([]byte(c.doc), Options{})
			s.names.entryBits, s.names.tagMask = entryBits, ^uint32(0)<<entryBits
			err := s.run()
			s.release()
			ref := Reference([]byte(c.doc), Options{})
			if kindOf(err) != c.want || kindOf(ref) != c.want || offsetOf(err) != offsetOf(ref) {
				t.Errorf("entryBits %d: %v, Reference %v, want %q", entryBits, err, ref, c.want)
			}
		}
	}
}

func kindOf(err error) Kind {
	if e, ok := err.(*Error); ok {
		return e.Kind
	}
	return ""
}

func offsetOf(err error) int64 {
	if e, ok := err.(*Error); ok {
		return e.Offset
	}
	return -1
}
