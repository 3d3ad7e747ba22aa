package digestfuzz

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/digest"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the generated tables in docs/")

const digestVectorsDoc = "../../docs/DIGEST-VECTORS.md"

// docs/DIGEST-VECTORS.md is the table of the action-digest probe's 13
// argument vectors through canonfuzz digest under both profiles and through
// every oracle. It is generated here and compared byte for byte, so the
// document goes red the day any cell stops being true. Regenerate with
//
//	go test ./fuzz/digest -run TestDigestVectorsDoc -update-docs
func TestDigestVectorsDoc(t *testing.T) {
	vectors := readSeed000(t)
	oracles, err := installed.Open()
	t.Cleanup(func() { installed.CloseAll(oracles) })
	if err != nil {
		t.Fatal(err)
	}
	type column struct {
		name   string
		digest func(arguments string) (string, error)
	}
	columns := []column{
		{"canonfuzz digest, rfc8785", func(a string) (string, error) { return ours(a, admit.RFC8785) }},
		{"canonfuzz digest, ijson", func(a string) (string, error) { return ours(a, admit.IJSON) }},
	}
	for _, o := range oracles {
		columns = append(columns, column{o.Name() + " " + o.Version(), func(a string) (string, error) { return theirs(o, a) }})
	}
	var b strings.Builder
	b.WriteString(digestDocHeader)
	b.WriteString("| # | vector | arguments |")
	for _, c := range columns {
		fmt.Fprintf(&b, " %s |", c.name)
	}
	b.WriteString("\n| --- | --- | --- |" + strings.Repeat(" --- |", len(columns)) + "\n")
	cells := make([][]string, len(vectors))
	for i := range vectors {
		cells[i] = make([]string, len(columns))
	}
	for c, col := range columns {
		first := map[string]int{} // digest -> first row with it
		for i, v := range vectors {
			d, err := col.digest(v.arguments)
			switch {
			case err != nil:
				cells[i][c] = "raises: " + refusalClass(err)
			default:
				cells[i][c] = "`" + d[:12] + "`"
				if j, seen := first[d]; seen && vectors[j].arguments != v.arguments {
					cells[i][c] += fmt.Sprintf(" = #%d", j+1)
				} else if !seen {
					first[d] = i
				}
			}
		}
	}
	for i, v := range vectors {
		fmt.Fprintf(&b, "| %d | %s | `%s` |", i+1, v.name, strings.ReplaceAll(v.arguments, "|", `\|`))
		for c := range columns {
			fmt.Fprintf(&b, " %s |", cells[i][c])
		}
		b.WriteString("\n")
	}
	b.WriteString(digestDocFooter)
	got := []byte(b.String())
	if *updateDocs {
		if err := os.WriteFile(digestVectorsDoc, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(digestVectorsDoc)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s is not what the vectors and oracles give now (err %v); regenerate with\n"+
			"go test ./fuzz/digest -run TestDigestVectorsDoc -update-docs\n\n%s", digestVectorsDoc, err, got)
	}
}

const digestDocHeader = `# The action-digest probe's 13 vectors, through every implementation

The per-call tool proof draft defines an action digest,
BASE64URL(SHA-256(JCS({"method", "name", "arguments"}))), that "identifies
exactly one invocation". These are the 13 argument vectors of the probe in
the seed document (targets/digest/testdata/seed000/), wrapped in a
` + "`tools/call`" + ` of ` + "`read_file`" + `. Each cell is the first 12 characters of the
digest, "= #N" when it equals the digest of an earlier row N whose
arguments are written differently, or what the implementation raised. canonfuzz admits the whole JSON-RPC request first, so
a duplicate member is refused rather than silently resolved; under the ijson
profile the integers that collapse (2^53 + 1 onto 2^53) are refused.

Generated and checked by ` + "`TestDigestVectorsDoc`" + ` (fuzz/digest/vectors_doc_test.go):

    go test ./fuzz/digest -run TestDigestVectorsDoc -update-docs

`

const digestDocFooter = `
Which equalities are right: rows 1 and 2, 3 to 5, and 6 and 7 differ only in
representation (member order, number spelling, an escape), so "= #1", "= #3"
and "= #6" there are what RFC 8785 is for. Row 8 (decomposed) must not equal
row 7, since JCS does not normalize. The collisions are the other "= #N"
cells: row 10 onto row 9 (9007199254740993 read as 2^53, a different
invocation with the same proof), everywhere but canonfuzz under ijson; and
rows 12 and 13 (a duplicate member whose first value was dropped before
hashing), marked "= #12" on row 13 in the three Node oracles, where the Go
oracles and canonfuzz raise on row 12. canonfuzz raises on row 12 in both
profiles and on rows 9 to 11 under ijson.
`

func ours(arguments string, p admit.Profile) (string, error) {
	req := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":` + arguments + `}}`
	d, err := digest.Sum([]byte(req), admit.Options{Profile: p})
	if err != nil {
		return "", err
	}
	return d.String(), nil
}

func theirs(o oracle.Canonicalizer, arguments string) (string, error) {
	canon, err := o.Canonicalize([]byte(`{"method":"tools/call","name":"read_file","arguments":` + arguments + `}`))
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(canon)
	return base64.RawURLEncoding.EncodeToString(sum[:]), nil
}

// refusalClass names an error by its kind, never by its message text, which
// a library may reword.
func refusalClass(err error) string {
	var ae *admit.Error
	switch {
	case errors.As(err, &ae):
		return string(ae.Kind)
	case errors.Is(err, oracle.ErrRefused):
		return "refused"
	}
	return "error"
}

type seedVector struct{ name, arguments string }

// readSeed000 reads the probe's vectors: a "vector:" header among others, a
// blank line, the arguments.
func readSeed000(t *testing.T) []seedVector {
	t.Helper()
	paths, err := filepath.Glob("../../targets/digest/testdata/seed000/*.txt")
	if err != nil || len(paths) != 13 {
		t.Fatalf("want the 13 vectors of seed 000, found %d (%v)", len(paths), err)
	}
	sort.Strings(paths)
	var out []seedVector
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		head, body, ok := strings.Cut(string(data), "\n\n")
		if !ok {
			t.Fatalf("%s: no blank line after the headers", p)
		}
		var name string
		for _, line := range strings.Split(head, "\n") {
			if v, ok := strings.CutPrefix(line, "vector: "); ok {
				name = v
			}
		}
		if name == "" {
			t.Fatalf("%s: no vector: header", p)
		}
		out = append(out, seedVector{name: name, arguments: strings.TrimSuffix(body, "\n")})
	}
	return out
}
