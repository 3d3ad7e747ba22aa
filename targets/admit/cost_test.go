package admit_test

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/alloctest"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// maxCostMultiple bounds what a cold Scan allocates, in bytes per byte of
// input, past the scanner itself. The worst shape is an object of a few
// dozen one-byte names (`"a":0,`, six bytes a member) open at each of many
// depths, its index one past a growth: 8 bytes an entry, and 4 bytes a
// slot at fewer than 16/7 slots a name, as much again for the tables the
// growths left behind: (8 + 18.3) / 6 = 4.4. Measured: 4.17x.
const maxCostMultiple = 4.5

// TestScanCostsASmallMultipleOfTheInput: no hostile input costs a cold
// Scan more than maxCostMultiple times its size in bytes allocated, past
// what scanning "0" costs (issue 9). Bytes, never time (internal/alloctest).
func TestScanCostsASmallMultipleOfTheInput(t *testing.T) {
	opts := admit.Options{MaxDepth: admit.MaxDepthLimit}
	fixed := alloctest.Bytes(func() { _ = admit.Scan([]byte("0"), opts) })
	check := func(name string, raw []byte) float64 {
		cost := alloctest.Bytes(func() { _ = admit.Scan(raw, opts) })
		multiple := float64(cost-min(cost, fixed)) / float64(len(raw))
		if multiple > maxCostMultiple {
			t.Errorf("%s: %d bytes allocated for %d (%.2fx past the scanner's %d), want at most %.1fx",
				name, cost, len(raw), multiple, fixed, maxCostMultiple)
		}
		return multiple
	}
	for _, doc := range hostileDocs() {
		raw := []byte(doc.make())
		if err := admit.Scan(raw, opts); err != nil {
			t.Fatalf("%s: %v", doc.name, err)
		}
		t.Logf("%-36s %9d bytes: %.2fx", doc.name, len(raw), check(doc.name, raw))
		if !doc.sweep {
			check(doc.name+", refused at its last byte", raw[:len(raw)-1])
		}
	}
}
