package gofuzz

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
)

// call calls an entry point on data and returns the violation it panicked
// with, if any. Any other panic fails t.
func call(t *testing.T, entry func([]byte) int, data []byte) (v *property.Violation) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			var ok bool
			if v, ok = r.(*property.Violation); !ok {
				t.Fatalf("input %q: a panic that is not a *property.Violation: %v", data, r)
			}
		}
	}()
	if got := entry(data); got != 0 {
		t.Fatalf("input %q: verdict %d, want 0", data, got)
	}
	return nil
}

// TestSeedsHold replays every entry point's seed corpus through it: every
// entry point is a target of the registry, and no seed violates it.
func TestSeedsHold(t *testing.T) {
	if got := len(EntryPoints()); got != 4 {
		t.Fatalf("%d entry points, want 4: %v", got, EntryPoints())
	}
	for _, name := range EntryPoints() {
		t.Run(name, func(t *testing.T) {
			inputs, err := Seeds(name)
			if err != nil {
				t.Fatal(err)
			}
			for _, in := range inputs {
				if v := call(t, func(d []byte) int { return run(name, d) }, in); v != nil {
					t.Fatalf("seed: %v", v)
				}
			}
			t.Logf("%d seeds", len(inputs))
		})
	}
}

// TestPlantedFaultsPanicWithTheInput runs each entry point's property,
// read from bytes as go-fuzz hands them, against its planted variants over
// the entry point's own seed corpus: the panic quotes the input, so that a
// crasher's output alone reproduces it. Some planted faults are on purpose
// exposed by no committed seed (the efficacy benchmark's faults the engine
// must find: fuzz/planted's test drives them to a failure by generation);
// those are logged, and every entry point with variants must still have
// one that a seed exposes, so the quoting is checked on each.
func TestPlantedFaultsPanicWithTheInput(t *testing.T) {
	exposed := map[string]int{}
	variants := map[string]int{}
	for _, v := range spec.Variants() {
		if !strings.Contains(strings.Join(EntryPoints(), " "), v.Target) {
			continue
		}
		variants[v.Target]++
		t.Run(v.Target+"/"+v.Fault, func(t *testing.T) {
			b, err := v.Binding()
			if err != nil {
				t.Fatal(err)
			}
			target := b.Target()
			entry := func(d []byte) int {
				if viol := b.Check(target.FromBytes(d)); viol != nil {
					panic(viol)
				}
				return 0
			}
			inputs, err := Seeds(v.Target)
			if err != nil {
				t.Fatal(err)
			}
			for _, in := range inputs {
				if viol := call(t, entry, in); viol != nil {
					if !strings.Contains(viol.Error(), fmt.Sprintf("%q", target.FromBytes(in)[0])) {
						t.Errorf("the violation does not quote its input %q: %v", in, viol)
					}
					t.Logf("caught: %.300v", viol)
					exposed[v.Target]++
					return
				}
			}
			t.Logf("no seed of %s exposes the planted fault: left to the engine", v.Target)
		})
	}
	for target, n := range variants {
		if exposed[target] == 0 {
			t.Errorf("%s: none of its %d planted faults is exposed by a seed, so the quoting of its input is unchecked", target, n)
		}
	}
}

// TestSeedsRefuse: an unknown entry point is an error rather than an empty
// corpus.
func TestSeedsRefuse(t *testing.T) {
	if _, err := Seeds("FuzzNothing"); err == nil {
		t.Error("Seeds(FuzzNothing) succeeded")
	}
	if _, err := Seeds("FuzzMeetExact"); err == nil {
		t.Error("Seeds of a registry target without an entry point succeeded")
	}
}

// TestWriteCorpus writes a corpus twice into one directory: one file per
// seed, named by content, so the second write adds nothing; the glob
// entry point's files are pattern NUL value.
func TestWriteCorpus(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "corpus")
	want, _ := Seeds("FuzzGlobMatchesReference")
	for range 2 {
		n, err := WriteCorpus("FuzzGlobMatchesReference", dir)
		if err != nil || n != len(want) {
			t.Fatalf("WriteCorpus = %d, %v; want %d", n, err, len(want))
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != len(want) {
		t.Fatalf("%d files, %v; want %d", len(entries), err, len(want))
	}
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		if !bytes.Contains(data, []byte{0}) {
			t.Errorf("%s: %q is not pattern NUL value", e.Name(), data)
		}
	}
}

// TestWriteCorpusZip: the archive holds every seed once, byte for byte.
func TestWriteCorpusZip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "FuzzScanMatchesReference_seed_corpus.zip")
	want, _ := Seeds("FuzzScanMatchesReference")
	if n, err := WriteCorpusZip("FuzzScanMatchesReference", path); err != nil || n != len(want) {
		t.Fatalf("WriteCorpusZip = %d, %v; want %d", n, err, len(want))
	}
	z, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	if len(z.File) != len(want) {
		t.Fatalf("%d members, want %d", len(z.File), len(want))
	}
	for i, f := range z.File {
		r, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(r)
		r.Close()
		if err != nil || !bytes.Equal(data, want[i]) {
			t.Errorf("member %s = %q, %v; want %q", f.Name, data, err, want[i])
		}
	}
}
