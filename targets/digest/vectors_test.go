package digest

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/vecfile"
)

// seedVectorDir holds the 13 argument vectors of the seed study of the
// draft's action digest (seed 000), one file each, to be wrapped as
// {"method":"tools/call","name":"read_file","arguments":ARGUMENTS}.
const seedVectorDir = "testdata/seed000"

// A vector is one file: `key: value` header lines, a blank line, then the
// arguments text. rfc8785 and ijson are the digest under each profile, or
// the admit kind that refuses the request. The digests were computed here
// and cross-checked against the cyberphone canonicalizer
// (TestSeedVectorsMatchCyberphone) and against Node's JSON.parse with a
// sorted JSON.stringify.
type vector struct {
	file, name, rfc8785, ijson, comment string
	arguments                           string
}

// loadVectors reads every vector of dir, refusing unknown header keys,
// missing expectations and an empty set.
func loadVectors(t testing.TB, dir string) []vector {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no vectors in %s: %v", dir, err)
	}
	var vs []vector
	for _, file := range files {
		f, err := vecfile.Read(file)
		if err != nil {
			t.Fatal(err)
		}
		v := vector{file: filepath.Base(file), arguments: strings.TrimSuffix(string(f.Payload), "\n")}
		for _, h := range f.Header {
			switch value := h.Value; h.Key {
			case "vector":
				v.name = value
			case "rfc8785":
				v.rfc8785 = value
			case "ijson":
				v.ijson = value
			case "comment":
				v.comment = value
			default:
				t.Fatalf("%s: unknown header key %q", file, h.Key)
			}
		}
		if v.name == "" || v.rfc8785 == "" || v.ijson == "" {
			t.Fatalf("%s: vector, rfc8785 and ijson are required", file)
		}
		vs = append(vs, v)
	}
	return vs
}
