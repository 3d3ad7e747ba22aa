package admit_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// A Scanner's verdict is Scan's on every vector, scanned one after the
// other by the same Scanner (so each scan follows a refusal or an
// admission of another input, with its state reused), forwards and
// backwards, and on inputs that leave an indexed object (more than 16
// members) open when they are refused, then the same object admitted.
func TestScannerScansAsScan(t *testing.T) {
	vs, err := readVectors(vectorDir)
	if err != nil || len(vs) == 0 {
		t.Fatalf("vectors: %d, %v", len(vs), err)
	}
	var inputs [][]byte
	var opts []admit.Options
	for _, v := range vs {
		inputs, opts = append(inputs, v.payload), append(opts, v.opts)
	}
	members := func(n int, tail string) []byte {
		var b strings.Builder
		b.WriteString(`{"a":{`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(`"k` + strings.Repeat("x", i) + `":1`)
		}
		b.WriteString(tail)
		return []byte(b.String())
	}
	for _, in := range [][]byte{
		members(40, `,"k":1,"k":2}}`), members(40, `}}`), members(40, `,"kxxx":3}}`), members(40, `,"kxxx"`),
		members(40, `}}`), members(5, `}}`), []byte(`[` + strings.Repeat(`{"a":1},`, 20000) + `1]`), // past maxOwnedInput
		members(40, `}}`),
	} {
		inputs, opts = append(inputs, in), append(opts, admit.Options{})
	}
	var sc admit.Scanner
	for round := range 2 {
		for k := range inputs {
			i := k
			if round == 1 {
				i = len(inputs) - 1 - k
			}
			got, want := sc.Scan(inputs[i], opts[i]), admit.Scan(inputs[i], opts[i])
			if !reflect.DeepEqual(got, want) {
				t.Errorf("round %d, %.80q: Scanner %v, Scan %v", round, inputs[i], got, want)
			}
		}
	}
}
