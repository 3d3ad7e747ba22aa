package property

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/jsontext"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// LibraryMatchesJCS fails on its departure and on nothing else.
func TestLibraryMatchesJCSFailsOnlyOnItsDeparture(t *testing.T) {
	lib := jsontext.New()
	d := Departure{Library: func() (oracle.Canonicalizer, error) { return lib, nil },
		Departs: WritesWhereRefused(admit.NumberNotFinite, WritesLargestDouble)}
	if v := LibraryMatchesJCS(d, []byte(`[1e400]`)); v == nil || v.Class != "departs" {
		t.Errorf("[1e400]: %v, want departs", v)
	}
	// jsontext departs here too (it writes 2^53+1 rounded, as we do; a
	// duplicate both refuse): not this departure.
	for _, in := range []string{`[0.1]`, `{"a":1,"a":2}`, `[9007199254740993]`, `["\udc00"]`} {
		if v := LibraryMatchesJCS(d, []byte(in)); v != nil {
			t.Errorf("%s: %v, want no failure", in, v)
		}
	}
	self := Departure{Library: func() (oracle.Canonicalizer, error) { return oracle.NewLibrary("jcs", "m", "v", JCSDefault), nil }, Departs: Any}
	for _, in := range []string{`[1e400]`, `{"b":1,"a":2}`, `[`} {
		if v := LibraryMatchesJCS(self, []byte(in)); v != nil {
			t.Errorf("jcs against itself on %s: %v", in, v)
		}
	}
	if !Any(nil, []byte(`1`), nil, oracle.Outcome{Output: []byte(`2`)}) || Any(nil, []byte(`1`), nil, oracle.Outcome{Output: []byte(`1`)}) {
		t.Error("Any does not tell different outputs from equal ones")
	}
}

func TestWritesReplacementOnlyWhereTheInputDidNotSpellIt(t *testing.T) {
	for _, c := range []struct {
		in, out string
		want    bool
	}{
		{`["\udc00"]`, "[\"\uFFFD\"]", true},
		{`["\uFFFD\udc00"]`, "[\"\uFFFD\uFFFD\"]", false},
		{"[\"\uFFFD\\udc00\"]", "[\"\uFFFD\uFFFD\"]", false},
		{`["\udc00"]`, `["?"]`, false},
	} {
		if got := WritesReplacement([]byte(c.in), []byte(c.out)); got != c.want {
			t.Errorf("WritesReplacement(%s, %s) = %v, want %v", c.in, c.out, got, c.want)
		}
	}
	if !WritesInvalidUTF8(nil, []byte("[\"\xff\"]")) || WritesInvalidUTF8(nil, []byte(`["a"]`)) {
		t.Error("WritesInvalidUTF8 does not tell ill-formed output")
	}
}
