package findings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/minimize"
)

// TestReplayFindings replays every vector under findings/ by its status.
// It fails when there are none, and on every vector whose replay fails; an
// open vector marked expected is reported in the log.
func TestReplayFindings(t *testing.T) {
	entries, err := Load(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Run(strings.TrimSuffix(filepath.ToSlash(e.Path), ".vec"), func(t *testing.T) {
			reproduced, err := Replay(e.Vector)
			if err != nil {
				t.Fatalf("%s: %v", e.Path, err)
			}
			if e.Vector.Status == Open {
				t.Logf("%s: open and expected, signature %s reproduced %v", e.Path, e.Vector.Signature, reproduced)
			}
		})
	}
}

// dup is a vector for the admit outcome of a duplicate member.
func dup(status Status) Vector {
	return Vector{
		Target: "admit", Mode: Outcome, Signature: "admit:DuplicateMember", Status: status,
		Found: "2026-12-01", Source: "work/dup.json", SourceSHA256: strings.Repeat("ab", 32),
		SizeBefore: 100, SizeAfter: 13, Count: 1, Comment: "a repeat, decoded", Payload: []byte(`{"a":1,"a":2}`),
	}
}

// Each status fails the way it should: a vector that reproduces its
// signature and one that no longer does.
func TestReplayJudgesByStatus(t *testing.T) {
	admitted := func(v Vector) Vector { v.Payload, v.SizeAfter = []byte(`{"a":1}`), 7; return v }
	expected := dup(Open)
	expected.Expected = true
	for _, c := range []struct {
		name string
		v    Vector
		want error // nil: the replay passes
	}{
		{"fixed, still failing", dup(Fixed), ErrStillFails},
		{"fixed, passing", admitted(dup(Fixed)), nil},
		{"spec, reproduced", dup(Spec), nil},
		{"spec, changed", admitted(dup(Spec)), ErrChanged},
		{"incumbent, changed", admitted(dup(Incumbent)), ErrChanged},
		{"open", dup(Open), ErrOpen},
		{"open, expected", expected, nil},
		{"open, no longer failing", admitted(expected), ErrNoLongerFails},
		{"unknown target", func() Vector { v := dup(Spec); v.Target = "yaml"; return v }(), ErrTarget},
		{"fuzz target name", func() Vector { v := dup(Spec); v.Target = "FuzzScanMatchesReference"; return v }(), ErrTarget},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Replay(c.v)
			var re *ReplayError
			if c.want == nil && err != nil || c.want != nil && (!errors.Is(err, c.want) || !errors.As(err, &re)) {
				t.Fatalf("Replay = %v, want %v", err, c.want)
			}
		})
	}
}

func TestParseRoundTrip(t *testing.T) {
	v := dup(Open)
	v.Expected = true
	v.Payload = []byte("\n\nbinary \x00\xff\n")
	v.SizeAfter = len(v.Payload)
	data, err := v.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	got, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Payload) != string(v.Payload) || got.Expected != true || got.Signature != v.Signature || got.Count != 1 {
		t.Fatalf("round trip: %+v", got)
	}
}

// Parse refuses unknown, repeated and missing keys and values out of range.
func TestParseRefuses(t *testing.T) {
	good, err := dup(Spec).Marshal()
	if err != nil {
		t.Fatal(err)
	}
	header, payload, _ := strings.Cut(string(good), "\n\n")
	for _, c := range []struct{ name, header string }{
		{"unknown key", header + "\nexpect: DuplicateMember"},
		{"repeated key", header + "\ncomment: twice"},
		{"missing key", strings.Replace(header, "count: 1\n", "", 1)},
		{"not key: value", header + "\njust words"},
		{"bad status", strings.Replace(header, "status: spec", "status: wontfix", 1)},
		{"bad mode", strings.Replace(header, "mode: outcome", "mode: both", 1)},
		{"bad date", strings.Replace(header, "found: 2026-12-01", "found: 1 Dec 2026", 1)},
		{"bad hash", strings.Replace(header, strings.Repeat("ab", 32), "abab", 1)},
		{"zero count", strings.Replace(header, "count: 1", "count: 0", 1)},
		{"size-after wrong", strings.Replace(header, "size-after: 13", "size-after: 12", 1)},
		{"expected on spec", header + "\nexpected: true"},
		{"expected false", strings.Replace(header, "status: spec", "status: open", 1) + "\nexpected: false"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Parse([]byte(c.header + "\n\n" + payload)); !errors.Is(err, ErrFormat) {
				t.Fatalf("Parse = %v, want ErrFormat", err)
			}
		})
	}
	if _, err := Parse([]byte(header)); !errors.Is(err, ErrFormat) {
		t.Fatalf("no blank line: %v", err)
	}
}

// Record keeps one vector per signature: a repeat adds to its count, a new
// signature gets a new file.
func TestRecordKeepsOneVectorPerSignature(t *testing.T) {
	dir := t.TempDir()
	p1, repeat, err := Record(dir, dup(Spec))
	if err != nil || repeat || filepath.Base(p1) != "duplicate-member.vec" {
		t.Fatalf("first: %s %v %v", p1, repeat, err)
	}
	again := dup(Spec)
	again.Payload, again.SizeAfter = []byte(`{"b":0,"b":0}`), 13
	p2, repeat, err := Record(dir, again)
	if err != nil || !repeat || p2 != p1 {
		t.Fatalf("repeat: %s %v %v", p2, repeat, err)
	}
	other := dup(Spec)
	other.Signature = "admit:Syntax"
	other.Payload, other.SizeAfter = []byte(`[1,]`), 4
	p3, repeat, err := Record(dir, other)
	if err != nil || repeat || filepath.Base(p3) != "syntax.vec" {
		t.Fatalf("other: %s %v %v", p3, repeat, err)
	}
	entries, err := Load(dir)
	if err != nil || len(entries) != 2 {
		t.Fatalf("Load: %d entries, %v", len(entries), err)
	}
	if v := entries[0].Vector; v.Count != 2 || string(v.Payload) != `{"a":1,"a":2}` {
		t.Errorf("repeated vector: count %d, payload %q; want 2 and the first payload", v.Count, v.Payload)
	}
}

// Load fails on a folder with no vectors, an empty target folder, and a
// vector in the wrong folder; it skips spec/.
func TestLoadRefusesEmptyAndMisplaced(t *testing.T) {
	dir := t.TempDir()
	if _, err := Load(dir); !errors.Is(err, ErrEmpty) {
		t.Fatalf("empty folder: %v", err)
	}
	os.MkdirAll(filepath.Join(dir, specDir), 0o755)
	os.WriteFile(filepath.Join(dir, specDir, "corner.md"), []byte("# a corner\n"), 0o644)
	if _, err := Load(dir); !errors.Is(err, ErrEmpty) {
		t.Fatalf("only spec/: %v", err)
	}
	os.MkdirAll(filepath.Join(dir, "jcs"), 0o755)
	if _, err := Load(dir); !errors.Is(err, ErrEmpty) {
		t.Fatalf("empty target folder: %v", err)
	}
	data, _ := dup(Spec).Marshal()
	os.WriteFile(filepath.Join(dir, "jcs", "dup.vec"), data, 0o644)
	if _, err := Load(dir); !errors.Is(err, ErrFormat) {
		t.Fatalf("admit vector under jcs/: %v", err)
	}
}

func TestVectorName(t *testing.T) {
	for _, c := range []struct {
		target string
		sig    minimize.Signature
		want   string
	}{
		{"admit", "admit:DuplicateMember", "duplicate-member"},
		{"admit", "admit:rfc8785:kind:Scan=Syntax,Reference=admitted", "rfc8785-kind-scan-syntax-reference-admitted"},
		{"jcs", "panic:jcs.appendString:runtime error: index out of range [N] with length N", "panic-jcs-append-string-runtime-error-index-out-of-range-n-w"},
		{"bound", ":::", "finding"},
	} {
		if got := vectorName(c.target, string(c.sig)); got != c.want {
			t.Errorf("vectorName(%s) = %q, want %q", c.sig, got, c.want)
		}
	}
}
