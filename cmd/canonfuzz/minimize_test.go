//go:build lab || planted

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

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

// minimize refuses, unread, an input that is not a regular file (a device,
// a pipe) or is longer than --max-size; exit 2.
func TestMinimizeInputCap(t *testing.T) {
	dir := writeFiles(t, map[string]string{"big": strings.Repeat("x", 2000), "small": "[1]"})
	fifo := dir + "/fifo"
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--target", "admit", "/dev/zero"}, "not a regular file"},
		{[]string{"--target", "admit", fifo}, "not a regular file"},
		{[]string{"--target", "admit", "--max-size", "1000", dir + "/big"}, "more than 1000 bytes"},
		{[]string{"--target", "admit", "--max-size", "0", dir + "/small"}, "--max-size"},
		{[]string{"--target", "admit", "--max-size", "17179869184", dir + "/small"}, "--max-size"},
	} {
		done := make(chan struct{})
		var code int
		var errOut string
		go func() {
			defer close(done)
			code, _, errOut = runCmd(t, "", append([]string{"minimize", "--out", dir + "/findings"}, c.args...)...)
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("minimize %v: still running after 20 s", c.args)
		}
		if code != exitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("minimize %v: exit %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
	if _, err := os.Stat(dir + "/findings"); err == nil {
		t.Errorf("a refused input was recorded")
	}
}

// minimize cannot read standard input, and says so (issue 16: it said
// `stat -: no such file`).
func TestMinimizeRefusesStandardInput(t *testing.T) {
	code, _, errOut := runCmd(t, "", "minimize", "--target", "admit", "-")
	if code != exitUsage || !strings.Contains(errOut, `"-" (standard input) is not an input this command reads`) {
		t.Errorf("minimize -: exit %d, %q", code, errOut)
	}
}
