package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// minimizeFixture writes name with data in a fresh folder and returns its
// path and a findings folder beside it.
func minimizeFixture(t *testing.T, name, data string) (input, out string) {
	t.Helper()
	dir := t.TempDir()
	input = filepath.Join(dir, name)
	if err := os.WriteFile(input, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return input, filepath.Join(dir, "findings")
}

// onlyVector loads the findings folder and returns its one vector.
func onlyVector(t *testing.T, out string) findings.Entry {
	t.Helper()
	entries, err := findings.Load(out)
	if err != nil || len(entries) != 1 {
		t.Fatalf("findings: %d vectors, %v", len(entries), err)
	}
	return entries[0]
}

// Under --outcome a refused input becomes a small spec vector; the same
// signature again only adds to its count.
func TestMinimizeCommandRecordsOutcome(t *testing.T) {
	old := today
	today = func() string { return "2026-12-01" }
	defer func() { today = old }()
	doc := `{"filler":[` + strings.Repeat(`{"x":[1,2,3],"y":"z"},`, 500) + `{"k":1,"k":2}]}`
	input, out := minimizeFixture(t, "dup.json", doc)
	code, stdout, stderr := runCmd(t, "", "minimize", "--target", "admit", "--outcome", "--out", out, input)
	if code != exitOK || !strings.Contains(stdout, "admit:DuplicateMember") || !strings.Contains(stdout, "new vector") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "minimize: done: ") {
		t.Errorf("no progress on stderr: %q", stderr)
	}
	e := onlyVector(t, out)
	v := e.Vector
	if filepath.Base(filepath.Dir(e.Path)) != "admit" || v.Status != findings.Spec || v.Mode != findings.Outcome ||
		v.Found != "2026-12-01" || v.SizeBefore != len(doc) || len(v.Payload) > 20 || v.Count != 1 || v.Source != filepath.ToSlash(input) {
		t.Fatalf("vector %s: %+v", e.Path, v)
	}
	code, stdout, _ = runCmd(t, "", "minimize", "--target", "FuzzScanMatchesReference", "--outcome", "--out", out, input)
	if code != exitOK || !strings.Contains(stdout, "repeat vector") {
		t.Fatalf("repeat: exit %d, %q", code, stdout)
	}
	if v := onlyVector(t, out).Vector; v.Count != 2 {
		t.Fatalf("count %d after a repeat, want 2", v.Count)
	}
}

// Every input format is read; a valid document does not fail without
// --outcome, and the exit code is the worst of all inputs.
func TestMinimizeCommandFormatsAndExitCodes(t *testing.T) {
	goFile, out := minimizeFixture(t, "f340", "go test fuzz v1\n[]byte(\"[1,\\\"\\\\ud800\\\"]\")\nbool(false)\n")
	dir := filepath.Dir(goFile)
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	libFuzzer := write("crash-0123abcd", `[1,2,,3]`)
	goFuzz := write("9f86d0", `{"a":1e999}`)
	write("9f86d0.output", "crash output\n")
	valid := write("valid.json", `{"a":[1,2]}`)
	for _, c := range []struct {
		name   string
		inputs []string
		args   []string
		code   int
	}{
		{"go test fuzz v1", []string{goFile}, []string{"--outcome"}, exitOK},
		{"libFuzzer", []string{libFuzzer}, []string{"--outcome"}, exitOK},
		{"go-fuzz", []string{goFuzz}, []string{"--outcome"}, exitOK},
		{"no failure", []string{valid}, nil, exitRefused},
		{"no failure and a missing file", []string{valid, filepath.Join(dir, "missing")}, nil, exitUsage},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append(append([]string{"minimize", "--target", "admit", "--out", out}, c.args...), c.inputs...)
			if code, stdout, stderr := runCmd(t, "", args...); code != c.code {
				t.Fatalf("exit %d, want %d; stdout %q, stderr %q", code, c.code, stdout, stderr)
			}
		})
	}
	entries, err := findings.Load(out)
	if err != nil || len(entries) != 3 {
		t.Fatalf("%d vectors, %v; want 3 (StringNotScalar, Syntax, NumberNotFinite)", len(entries), err)
	}
}

func TestMinimizeCommandUsageErrors(t *testing.T) {
	input, out := minimizeFixture(t, "x.json", `{"a":1,"a":2}`)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"no target", []string{input}},
		{"no input", []string{"--target", "admit"}},
		{"unknown target", []string{"--target", "yaml", input}},
		{"outcome of a fuzz target of two arguments", []string{"--target", "FuzzSumMatchesCanonicalize", "--outcome", input}},
		{"outcome of a fuzz target of seeds", []string{"--target", "FuzzMeetExact", "--outcome", input}},
		{"bad status", []string{"--target", "admit", "--status", "wontfix", input}},
		{"bad time", []string{"--target", "admit", "--time", "soon", input}},
		{"negative time", []string{"--target", "admit", "--time", "-1s", input}},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"minimize", "--out", out}, c.args...)
			if code, stdout, stderr := runCmd(t, "", args...); code != exitUsage || stderr == "" || stdout != "" {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2 and a message", code, stdout, stderr)
			}
		})
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a usage error wrote %s", out)
	}
}

// For a generator-bytes target, canonfuzz minimize prints the reduced
// document and its vector beside the generator bytes, or why there is
// none; nothing for a target without a document.
func TestMinimizePrintsTheDocument(t *testing.T) {
	var b strings.Builder
	rep := findings.Report{Document: &findings.DocumentReport{Path: "findings/jcs/d.vec",
		Result: minimize.Result{Input: []byte(`{"\ue000":0,"😀":1}`), Stats: minimize.Stats{SizeBefore: 40}}}}
	printDocument(&b, "in", rep)
	if got := b.String(); !strings.Contains(got, "\n  "+`{"\ue000":0,"😀":1}`+"\n") || !strings.Contains(got, "40 -> 21 bytes, new vector findings/jcs/d.vec") {
		t.Errorf("got %q", got)
	}
	b.Reset()
	printDocument(&b, "in", findings.Report{DocumentSkipped: "the document alone signs \"pass\""})
	if !strings.Contains(b.String(), "no document vector: the document alone signs") {
		t.Errorf("got %q", b.String())
	}
	b.Reset()
	if printDocument(&b, "in", findings.Report{}); b.Len() != 0 {
		t.Errorf("a target without a document printed %q", b.String())
	}
}
