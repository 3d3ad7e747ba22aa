package findings

import (
	"context"
	"errors"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"os"
	"path/filepath"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/signer"
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
	req.Target, req.Outcome = "FuzzMeetExact", true
	if _, err := Reduce(context.Background(), input, req); !errors.Is(err, signer.ErrNoOutcome) {
		t.Fatalf("FuzzMeetExact in outcome mode: %v", err)
	}
	req.Target, req.Outcome = "yaml", false
	if _, err := Reduce(context.Background(), input, req); !errors.Is(err, signer.ErrUnknownTarget) {
		t.Fatalf("yaml: %v", err)
	}
	req.Target = "admit"
	if _, err := Reduce(context.Background(), filepath.Join(dir, "missing"), req); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing input: %v", err)
	}
}

// A failure of a fuzz target of several arguments, from the engine's
// `go test fuzz v1` file, is minimized argument by argument and recorded
// under the target's area with its fuzz-target header; a generator
// target's document is recorded beside it; both replay with their
// signature. The targets are bound to planted faults (fuzz/planted),
// since the real ones do not fail.
func TestReduceFuzzTargets(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "findings")
	variant := func(target string) spec.Binding {
		for _, v := range spec.Variants() {
			if v.Target == target {
				b, err := v.Binding()
				if err != nil {
					t.Fatal(err)
				}
				return b
			}
		}
		t.Fatalf("no planted variant of %s", target)
		return spec.Binding{}
	}
	write := func(name string, values ...any) string {
		data, err := minimize.MarshalValues(values)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Two arguments: a pattern and a value, * made to cross /.
	glob := signer.ForBinding(variant("FuzzGlobMatchesReference"))
	rep, err := Reduce(context.Background(), write("glob", "src/acme/*", "src/acme/app/sub/x"), Request{Signer: glob, Found: "2026-12-01", Out: out})
	if err != nil {
		t.Fatal(err)
	}
	v := load(t, rep.Path)
	if v.Target != "bound" || v.FuzzTarget != "FuzzGlobMatchesReference" || v.Mode != Failure || rep.Result.Signature != "GlobMatchesReference:GlobStarCrossesSlash:differs" {
		t.Fatalf("vector %+v, report %+v", v, rep)
	}
	values, err := glob.PayloadValues(v.Payload)
	if err != nil || minimize.SignValues(glob, values) != v.Signature || rep.Result.Stats.SizeAfter >= rep.Result.Stats.SizeBefore {
		t.Fatalf("payload %q reads as %v, %v; sizes %+v", v.Payload, values, err, rep.Result.Stats)
	}
	t.Logf("glob: %q, %d -> %d bytes", values, rep.Result.Stats.SizeBefore, rep.Result.Stats.SizeAfter)
	// Generator bytes that make a JSON value: the document is recorded too.
	gv := signer.ForBinding(variant("FuzzCanonicalizeGeneratedValue"))
	rep, err = Reduce(context.Background(), write("value", []byte("\xb8}\x9e\xdd")), Request{Signer: gv, Found: "2026-12-01", Out: out})
	if err != nil || rep.Document == nil {
		t.Fatalf("Reduce = %+v, %v", rep, err)
	}
	d := load(t, rep.Document.Path)
	if d.Form != Document || d.FuzzTarget != "FuzzCanonicalizeGeneratedValue" || d.Signature != rep.Result.Signature ||
		minimize.Sign(gv.DocumentSigner(), d.Payload) != d.Signature {
		t.Fatalf("document vector %+v", d)
	}
	t.Logf("document %s: %q", d.Signature, d.Payload)
}

func load(t *testing.T, path string) Vector {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
