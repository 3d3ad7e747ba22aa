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

	"github.com/canonfuzz/canonfuzz/seeds"
)

// source is a native fuzz target whose curated seeds an entry point takes
// over, and how one of its seeds becomes the entry point's raw input.
type source struct {
	dir, name string
	convert   func(values []any) ([]byte, bool)
}

// oneBytes takes a seed of one []byte argument as it is.
func oneBytes(values []any) ([]byte, bool) {
	if len(values) != 1 {
		return nil, false
	}
	b, ok := values[0].([]byte)
	return b, ok
}

// plainInvocation makes the (arguments string, ijson bool) seeds of the
// digest's native target into plain invocation objects.
func plainInvocation(values []any) ([]byte, bool) {
	if len(values) != 2 {
		return nil, false
	}
	args, ok := values[0].(string)
	return []byte(`{"method":"tools/call","name":"read_file","arguments":` + args + `}`), ok
}

// patternNULValue makes a (pattern, value string) seed into pattern NUL
// value, FuzzGlobMatchesReference's input.
func patternNULValue(values []any) ([]byte, bool) {
	if len(values) != 2 {
		return nil, false
	}
	p, ok1 := values[0].(string)
	v, ok2 := values[1].(string)
	return []byte(p + "\x00" + v), ok1 && ok2
}

// sources names, per entry point, the native targets of the seed catalogue
// (package seeds) that probe the same property.
var sources = map[string][]source{
	"FuzzScanMatchesReference": {
		{"targets/admit", "FuzzScanMatchesReference", oneBytes},
		{"targets/admit", "FuzzReferenceMatchesJSONText", oneBytes},
	},
	"FuzzCanonicalizeMatchesOracles": {
		{"fuzz", "FuzzCanonicalizeMatchesOracles", oneBytes},
		{"targets/jcs", "FuzzCanonicalizeMatchesJSONText", oneBytes},
		{"targets/jcs", "FuzzWriterNeverPanics", oneBytes},
	},
	"FuzzDigestRequestInvariant": {
		{"targets/digest", "FuzzParseNeverPanics", oneBytes},
		{"targets/digest", "FuzzSumMatchesCanonicalize", plainInvocation},
	},
	"FuzzGlobMatchesReference": {
		{"targets/bound", "FuzzGlobMatchesReference", patternNULValue},
	},
}

// EntryPoints returns the names of the go-fuzz entry points, sorted.
func EntryPoints() []string {
	var names []string
	for name := range properties {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// Seeds returns the seed corpus of an entry point: every seed of its
// source targets in the catalogue, converted to its input format, without
// repeats. It fails for an unknown entry point, a source the catalogue
// lacks or whose seeds do not convert, and an empty corpus.
func Seeds(entry string) ([][]byte, error) {
	srcs, ok := sources[entry]
	if !ok {
		return nil, fmt.Errorf("gofuzz: no entry point %q (have %v)", entry, EntryPoints())
	}
	var out [][]byte
	for _, src := range srcs {
		i := slices.IndexFunc(seeds.Catalogue(), func(t seeds.Target) bool { return t.Dir == src.dir && t.Name == src.name })
		if i < 0 {
			return nil, fmt.Errorf("gofuzz: %s takes seeds from %s %s, which the seed catalogue does not have", entry, src.dir, src.name)
		}
		for _, s := range seeds.Catalogue()[i].Seeds {
			b, ok := src.convert(s.Values)
			if !ok {
				return nil, fmt.Errorf("gofuzz: seed %s of %s %s does not fit %s", s.Name, src.dir, src.name, entry)
			}
			if !slices.ContainsFunc(out, func(o []byte) bool { return bytes.Equal(o, b) }) {
				out = append(out, b)
			}
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
