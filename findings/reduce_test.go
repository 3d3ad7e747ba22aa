package findings

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/canonfuzz/canonfuzz/minimize"
)

// Reduce records a failing input once per signature and says why it
// records nothing otherwise.
func TestReduce(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "crash-1")
	if err := os.WriteFile(input, []byte(`[1, 2, {"a": [1e999]}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	req := Request{Target: "admit", Outcome: true, Found: "2026-12-01", Out: filepath.Join(dir, "findings")}
	rep, err := Reduce(context.Background(), input, req)
	if err != nil || rep.Repeat || rep.Format != minimize.FormatLibFuzzer || rep.Result.Signature != "admit:NumberNotFinite" {
		t.Fatalf("Reduce = %+v, %v", rep, err)
	}
	data, err := os.ReadFile(rep.Path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Parse(data)
	if err != nil || v.Status != Spec || v.Mode != Outcome || v.Source != filepath.ToSlash(input) || v.Found != "2026-12-01" {
		t.Fatalf("vector %+v, %v", v, err)
	}
	if rep, err := Reduce(context.Background(), input, req); err != nil || !rep.Repeat {
		t.Fatalf("again: %+v, %v", rep, err)
	}
	req.Outcome = false
	if _, err := Reduce(context.Background(), input, req); !errors.Is(err, minimize.ErrNoFailure) {
		t.Fatalf("failure mode on a sound input: %v", err)
	}
	req.Target = "FuzzMeetExact"
	if _, err := Reduce(context.Background(), input, req); !errors.Is(err, minimize.ErrNoTargetSigner) {
		t.Fatalf("FuzzMeetExact: %v", err)
	}
	req.Target = "admit"
	if _, err := Reduce(context.Background(), filepath.Join(dir, "missing"), req); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing input: %v", err)
	}
}
