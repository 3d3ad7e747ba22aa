package gofuzz

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// run calls property on data and returns its verdict, or the violation it
// panicked with. Any other panic fails t.
func run(t *testing.T, property func([]byte) int, data []byte) (verdict int, v *Violation) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			var ok bool
			if v, ok = r.(*Violation); !ok {
				t.Fatalf("input %q: panic that is not a *Violation: %v", data, r)
			}
		}
	}()
	return property(data), nil
}

// TestSeedsHold replays every entry point's seed corpus through its
// property on the real targets: none may violate it, every verdict is one
// of go-fuzz's three, and some seed of each is admitted (a corpus that is
// all refusals would leave the admitted paths to chance).
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
			admitted := 0
			for _, in := range inputs {
				verdict, v := run(t, properties[name], in)
				if v != nil {
					t.Fatalf("seed: %v", v)
				}
				switch verdict {
				case priority:
					admitted++
				case ordinary, irrelevant:
				default:
					t.Fatalf("seed %q: verdict %d, not one of 1, 0, -1", in, verdict)
				}
			}
			if admitted == 0 {
				t.Errorf("none of %d seeds is admitted", len(inputs))
			}
			t.Logf("%d seeds, %d admitted", len(inputs), admitted)
		})
	}
}

// TestPlantedFaultsAreCaught runs each property against faulty variants of
// its target, over the entry point's own seed corpus: the seeds alone must
// expose every fault, so that each property is shown to be able to fail.
func TestPlantedFaultsAreCaught(t *testing.T) {
	starCrossesSlash := func(pattern string) (func(string) bool, error) {
		if _, err := bound.CompileGlob(pattern); err != nil {
			return nil, err
		}
		g, err := bound.CompileGlob(strings.ReplaceAll(strings.ReplaceAll(pattern, "**", "*"), "*", "**"))
		if err != nil {
			return nil, err
		}
		return g.Match, nil
	}
	faults := []struct {
		entry, fault string
		property     func([]byte) int
	}{
		{"FuzzScanMatchesReference", "duplicates admitted", func(d []byte) int {
			return admission(func(in []byte, o admit.Options) error {
				if err := admit.Scan(in, o); !errors.Is(err, admit.DuplicateMember) {
					return err
				}
				return nil
			}, d)
		}},
		{"FuzzScanMatchesReference", "offsets one byte late", func(d []byte) int {
			return admission(func(in []byte, o admit.Options) error {
				var e *admit.Error
				if err := admit.Scan(in, o); errors.As(err, &e) {
					late := *e
					late.Offset++
					return &late
				} else {
					return err
				}
			}, d)
		}},
		{"FuzzCanonicalizeMatchesOracles", "members by code point", func(d []byte) int {
			return canonicalization(planted.CodePointOrder, goOracles, d)
		}},
		{"FuzzCanonicalizeMatchesOracles", "last duplicate wins", func(d []byte) int {
			return canonicalization(planted.LastWins, goOracles, d)
		}},
		{"FuzzCanonicalizeMatchesOracles", "U+FFFD substituted", func(d []byte) int {
			return canonicalization(planted.Substitute, goOracles, d)
		}},
		{"FuzzDigestRequestInvariant", "digest through encoding/json", func(d []byte) int {
			return digestInvariance(planted.DigestViaEncodingJSON, d)
		}},
		{"FuzzGlobMatchesReference", "* crosses /", func(d []byte) int {
			return globAgreement(starCrossesSlash, d)
		}},
	}
	for _, f := range faults {
		t.Run(f.entry+"/"+f.fault, func(t *testing.T) {
			inputs, err := Seeds(f.entry)
			if err != nil {
				t.Fatal(err)
			}
			for _, in := range inputs {
				if _, v := run(t, f.property, in); v != nil {
					if !strings.Contains(v.Error(), fmt.Sprintf("%q", in)) {
						t.Errorf("the violation does not quote its input %q: %v", in, v)
					}
					t.Logf("caught: %v", v)
					return
				}
			}
			t.Fatalf("no seed of %s exposes the planted fault", f.entry)
		})
	}
}

// TestSeedsRefuse: an unknown entry point, and a source that the catalogue
// does not have, are errors rather than an empty corpus.
func TestSeedsRefuse(t *testing.T) {
	if _, err := Seeds("FuzzNothing"); err == nil {
		t.Error("Seeds(FuzzNothing) succeeded")
	}
	saved := sources["FuzzGlobMatchesReference"]
	defer func() { sources["FuzzGlobMatchesReference"] = saved }()
	sources["FuzzGlobMatchesReference"] = []source{{"targets/bound", "FuzzNoSuchTarget", patternNULValue}}
	if _, err := Seeds("FuzzGlobMatchesReference"); err == nil {
		t.Error("a source missing from the catalogue gave no error")
	}
	sources["FuzzGlobMatchesReference"] = []source{{"targets/bound", "FuzzGlobMatchesReference", oneBytes}}
	if _, err := Seeds("FuzzGlobMatchesReference"); err == nil {
		t.Error("(string, string) seeds converted as one []byte")
	}
}

// TestWriteCorpus writes a corpus twice into one directory: one file per
// seed, named by content, so the second write adds nothing.
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
		if !strings.Contains(string(data), "\x00") {
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
