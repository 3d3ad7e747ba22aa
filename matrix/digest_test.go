package matrix

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestDigestVectorsAreSeed000: the table is the probe's vectors as
// targets/digest keeps them, in order.
func TestDigestVectorsAreSeed000(t *testing.T) {
	paths, _ := filepath.Glob("../targets/digest/testdata/seed000/*.txt")
	sort.Strings(paths)
	if len(paths) != len(DigestVectors) {
		t.Fatalf("%d files in seed000, %d vectors here", len(paths), len(DigestVectors))
	}
	for i, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		head, body, _ := strings.Cut(string(data), "\n\n")
		if !strings.Contains(head, "vector: "+DigestVectors[i].Name+"\n") || strings.TrimSuffix(body, "\n") != DigestVectors[i].Arguments {
			t.Errorf("%s: not %+v", p, DigestVectors[i])
		}
	}
}

// TestDigestRowsOfOurs: ours raises on the duplicate only, collides 2^53+1
// with 2^53, and differs from itself nowhere.
func TestDigestRowsOfOurs(t *testing.T) {
	rows := digestRows([]Impl{{OursName, "in process", Ours{}}})
	r := rows[0]
	if len(r.Raises) != 1 || r.Raises[0] != 12 || len(r.Differs) != 0 {
		t.Errorf("raises %v, differs %v", r.Raises, r.Differs)
	}
	if len(r.Collides) != 1 || r.Collides[0] != [2]int{9, 10} {
		t.Errorf("collides %v, want [[9 10]]", r.Collides)
	}
	if r.Digests[0] != "SvNziiDQy2N7oUymJf_c8qEk3nCFWD53lmDIRJxzn_k" {
		t.Errorf("key order A: %s", r.Digests[0])
	}
}
