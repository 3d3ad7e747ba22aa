package gofuzz

import (
	"archive/zip"
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
)

// Seeds returns the seed corpus of an entry point: every seed the
// spec file of its registry target lists, as the bytes
// property.FromBytes reads the arguments from, without repeats. It fails
// for an unknown entry point, a seed that has no such bytes, and an empty
// corpus.
func Seeds(entry string) ([][]byte, error) {
	if !slices.Contains(EntryPoints(), entry) {
		return nil, fmt.Errorf("gofuzz: no entry point %q (have %v)", entry, EntryPoints())
	}
	t, ok := spec.Lookup(entry)
	if !ok {
		return nil, fmt.Errorf("gofuzz: %s is not in the registry of fuzz/spec", entry)
	}
	list, err := spec.SeedsOf(entry)
	if err != nil {
		return nil, err
	}
	var out [][]byte
	for _, s := range list {
		b, ok := property.ToBytes(t.Params, s.Values)
		if !ok {
			return nil, fmt.Errorf("gofuzz: seed %s of %s has no byte form (a NUL inside an argument other than the last)", s.Name, entry)
		}
		if !slices.ContainsFunc(out, func(o []byte) bool { return bytes.Equal(o, b) }) {
			out = append(out, b)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("gofuzz: %s has no seeds", entry)
	}
	return out, nil
}

// WriteCorpus writes the seeds of entry into dir, one file per input named
// by the SHA-1 of its contents as go-fuzz names its own corpus files, and
// returns how many it wrote. Files already there are kept, so a workdir's
// corpus grows across runs.
func WriteCorpus(entry, dir string) (int, error) {
	inputs, err := Seeds(entry)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	for _, in := range inputs {
		sum := sha1.Sum(in)
		if err := os.WriteFile(filepath.Join(dir, hex.EncodeToString(sum[:])), in, 0o644); err != nil {
			return 0, err
		}
	}
	return len(inputs), nil
}

// WriteCorpusZip writes the seeds of entry into a new zip archive at path,
// one member per input named as WriteCorpus names its files, and returns
// how many it wrote.
func WriteCorpusZip(entry, path string) (n int, err error) {
	inputs, err := Seeds(entry)
	if err != nil {
		return 0, err
	}
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	defer func() {
		if cerr := f.Close(); err == nil && cerr != nil {
			n, err = 0, cerr
		}
	}()
	z := zip.NewWriter(f)
	for _, in := range inputs {
		sum := sha1.Sum(in)
		w, err := z.Create(hex.EncodeToString(sum[:]))
		if err != nil {
			return 0, err
		}
		if _, err := w.Write(in); err != nil {
			return 0, err
		}
	}
	if err := z.Close(); err != nil {
		return 0, err
	}
	return len(inputs), nil
}
