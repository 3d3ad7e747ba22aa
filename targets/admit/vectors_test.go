package admit_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/vecfile"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// vectorDir holds one vector per .vec file; `go generate` rewrites it from
// testdata/vectors/gen.go.
const vectorDir = "testdata/vectors"

// vector is one parsed .vec file: "key: value" header lines, a blank line,
// then the payload bytes exactly.
type vector struct {
	name    string
	kind    admit.Kind // "" when expected admitted
	offset  int64
	opts    admit.Options
	payload []byte
}

// expectKind maps an expect header to a Kind by the Kind constants, so a
// vector names a typed error, never an error message.
func expectKind(word string) (admit.Kind, error) {
	if word == "admitted" {
		return "", nil
	}
	for _, k := range admit.Kinds {
		if string(k) == word {
			return k, nil
		}
	}
	return "", fmt.Errorf("unknown expectation %q", word)
}

// parseVector reads one vector, refusing unknown or repeated header keys,
// a missing expect, and an offset that is missing, stray or out of range.
func parseVector(name string, data []byte) (vector, error) {
	v := vector{name: name}
	f, err := vecfile.Parse(data)
	if err != nil {
		return v, fmt.Errorf("%s: %w", name, err)
	}
	v.payload = f.Payload
	seen := map[string]bool{}
	for _, h := range f.Header {
		seen[h.Key] = true
		var err error
		switch h.Key {
		case "expect":
			v.kind, err = expectKind(h.Value)
		case "offset":
			v.offset, err = strconv.ParseInt(h.Value, 10, 64)
		case "profile":
			v.opts.Profile, err = admit.ParseProfile(h.Value)
		case "max-depth":
			v.opts.MaxDepth, err = strconv.Atoi(h.Value)
		case "max-size":
			v.opts.MaxSize, err = strconv.ParseInt(h.Value, 10, 64)
		case "comment":
		default:
			err = fmt.Errorf("unknown header key %q", h.Key)
		}
		if err != nil {
			return v, fmt.Errorf("%s: %v", name, err)
		}
	}
	switch {
	case !seen["expect"]:
		return v, fmt.Errorf("%s: no expect header", name)
	case v.kind == "" && seen["offset"]:
		return v, fmt.Errorf("%s: an admitted vector has an offset", name)
	case v.kind != "" && !seen["offset"]:
		return v, fmt.Errorf("%s: a refused vector has no offset", name)
	case v.offset < 0 || (v.kind != admit.TooLarge && v.offset > int64(len(v.payload))):
		return v, fmt.Errorf("%s: offset %d outside the %d-byte payload", name, v.offset, len(v.payload))
	}
	return v, nil
}

// readVectors parses every .vec file of dir, in name order.
func readVectors(dir string) ([]vector, error) {
	return vecfile.ReadDir(dir, func(p string) (vector, error) {
		data, err := os.ReadFile(p)
		if err != nil {
			return vector{}, err
		}
		return parseVector(filepath.Base(p), data)
	})
}

// TestVectors replays every vector against Scan and Reference, and fails
// when the folder holds none or some kind has no vector.
func TestVectors(t *testing.T) {
	vectors, err := readVectors(vectorDir)
	if err != nil {
		t.Fatalf("%v (go generate ./targets/admit writes them)", err)
	}
	covered := map[admit.Kind]bool{}
	for _, v := range vectors {
		covered[v.kind] = true
		for _, s := range scanners {
			t.Run(strings.TrimSuffix(v.name, ".vec")+"/"+s.name, func(t *testing.T) {
				if msg := verdict(s, v.payload, v.opts, v.kind, v.offset); msg != "" {
					t.Errorf("%s: %s", v.name, msg)
				}
			})
		}
	}
	for _, k := range append([]admit.Kind{""}, admit.Kinds...) {
		if !covered[k] {
			t.Errorf("no vector expects %q", k)
		}
	}
}

// TestParseVectorRefuses: the harness refuses malformed vectors rather
// than replaying them as something else.
func TestParseVectorRefuses(t *testing.T) {
	for _, data := range []string{
		"expected: Syntax\noffset: 0\n\n]",
		"expect: Syntax\noffset: 0\nnote: x\n\n]",
		"expect: syntax\noffset: 0\n\n]",
		"expect: Syntax\n\n]",
		"expect: admitted\noffset: 0\n\n1",
		"expect: Syntax\noffset: 2\n\n]",
		"expect: Syntax\nexpect: Syntax\noffset: 0\n\n]",
		"expect: admitted\nprofile: i-json\n\n1",
		"offset: 0\n\n]",
		"expect: Syntax\noffset: 0\n]",
	} {
		if v, err := parseVector("t.vec", []byte(data)); err == nil {
			t.Errorf("parseVector(%q) = %+v, want an error", data, v)
		}
	}
	v, err := parseVector("t.vec", []byte("expect: TooDeep\noffset: 1\nprofile: ijson\nmax-depth: 1\ncomment: c\n\n[[]]\n"))
	if err != nil || v.kind != admit.TooDeep || v.offset != 1 || v.opts.Profile != admit.IJSON ||
		v.opts.MaxDepth != 1 || string(v.payload) != "[[]]\n" {
		t.Errorf("parseVector of a good vector = %+v, %v", v, err)
	}
}
