//go:build minimizecompare

package minimizefuzz

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/minimize"
)

// FuzzPlantedLastWins fails where planted.LastWins writes output for an
// input jcs refuses. It exists to compare Go's built-in minimizer with this
// one (docs/MINIMIZE.md) and is built only with -tags minimizecompare.
func FuzzPlantedLastWins(f *testing.F) {
	for _, s := range []string{`{"a":1,"b":[true,{"c":"x","d":null}]}`, `[{"x":1},{"y":2}]`, `{"key":"value","other":[1,2,3]}`} {
		f.Add([]byte(s))
	}
	s := plantedSigner("LastWins")
	f.Fuzz(func(t *testing.T, in []byte) {
		if sig := minimize.Sign(s, in); sig != minimize.Pass {
			t.Fatalf("%s on %q", sig, in)
		}
	})
}

// TestCompareMinimizeFiles minimizes every file of $MINIMIZE_COMPARE_DIR
// (go test fuzz v1 files FuzzPlantedLastWins wrote) under the same signer
// and logs size, time and signature.
func TestCompareMinimizeFiles(t *testing.T) {
	dir := os.Getenv("MINIMIZE_COMPARE_DIR")
	if dir == "" {
		t.Skip("MINIMIZE_COMPARE_DIR not set")
	}
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no files in %s: %v", dir, err)
	}
	s := plantedSigner("LastWins")
	for _, f := range files {
		if filepath.Ext(f) == ".log" {
			continue
		}
		in, _, err := minimize.ReadInput(f)
		if err != nil {
			t.Fatal(err)
		}
		res, err := minimize.Minimize(context.Background(), in, s, minimize.Options{Time: time.Minute})
		if err != nil {
			t.Logf("%s: %d bytes %q: %v", filepath.Base(f), len(in), in, err)
			continue
		}
		t.Logf("%s: %s: %d -> %d bytes %q in %v (%d tries)", filepath.Base(f), res.Signature, len(in), len(res.Input), res.Input, res.Stats.Elapsed.Round(time.Millisecond), res.Stats.Tries)
	}
}
