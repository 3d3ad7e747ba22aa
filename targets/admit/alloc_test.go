package admit_test

import (
	"bytes"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/testdocs"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// Scan allocates nothing per byte: a warm scan of a 1 MiB document of any
// shape allocates (almost) nothing, and a refusal allocates its error and
// little else. Counted with testing.AllocsPerRun, not timed.
func TestScanDoesNotAllocatePerByte(t *testing.T) {
	for _, shape := range testdocs.Shapes {
		doc := testdocs.MustGenerate(shape, 1<<20)
		for _, opts := range []admit.Options{{}, {Profile: admit.IJSON}} {
			if err := admit.Scan(doc, opts); err != nil {
				t.Fatalf("%s, %s: %v", shape, opts.Profile, err)
			}
			if n := testing.AllocsPerRun(20, func() { _ = admit.Scan(doc, opts) }); n > 1 {
				t.Errorf("%s, %s: %.1f allocations per scan of %d bytes, want at most 1", shape, opts.Profile, n, len(doc))
			}
		}
	}
	deep := bytes.Repeat([]byte("["), 10_000_000)
	if n := testing.AllocsPerRun(20, func() { _ = admit.Scan(deep, admit.Options{}) }); n > 3 {
		t.Errorf("ten million '[': %.1f allocations per refusal, want at most 3", n)
	}
}
