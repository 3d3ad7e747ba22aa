//go:build lab || planted

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/matrix"
)

// matrixReport runs `canonfuzz matrix` with args, fails the test unless it
// exits 0, and reads the matrix.json it wrote in out into rep.
func matrixReport(t *testing.T, out string, rep any, args ...string) (stdout, stderr string) {
	t.Helper()
	code, stdout, stderr := runCmd(t, "", append([]string{"matrix"}, args...)...)
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, matrix.JSONFile))
	if err != nil || json.Unmarshal(data, rep) != nil {
		t.Fatalf("matrix.json: %v", err)
	}
	return stdout, stderr
}

// TestMatrixSmallStudy runs the canonicalizer study on 43 inputs spread
// over the corpus (none of them larger than 1 KB, so that no slow
// implementation sets the pace) and one --corpus folder, through every built-in
// implementation (the protocol programs of make matrix-oracles included),
// and checks what it writes.
func TestMatrixSmallStudy(t *testing.T) {
	t.Setenv(matrix.OraclesDirEnv, filepath.Join("..", "..", "bin", "oracles"))
	out, found := t.TempDir(), t.TempDir()
	var rep matrix.Report
	stdout, stderr := matrixReport(t, out, &rep, "--limit", "43", "--minimize-tries", "2000", "--corpus", "../../matrix/testdata/corpus", "--out", out, "--findings", found)
	if rep.Inputs != 45 || len(rep.Implementations) != 12 || len(rep.Pairs) != 12*11 || len(rep.Digest.Rows) != 12 {
		t.Errorf("%d inputs, %d implementations, %d pairs, %d digest rows", rep.Inputs, len(rep.Implementations), len(rep.Pairs), len(rep.Digest.Rows))
	}
	for _, f := range []string{matrix.MDFile, matrix.SVGFile} {
		if b, err := os.ReadFile(filepath.Join(out, f)); err != nil || len(b) == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	if !strings.Contains(stdout, "45 inputs, 12 implementations") || !strings.Contains(stderr, "matrix: canonfuzz/jcs: done") {
		t.Errorf("stdout %q; stderr %.300q", stdout, stderr)
	}
	entries, err := findings.LoadStudy(found)
	if err != nil || len(entries) == 0 {
		t.Errorf("no findings written: %v", err)
	}
}

// TestMatrixSmallGuardStudy runs the guard study on 5 chains with our
// guard and the reference guard's adapter over its stand-in module,
// without the named corners of the meet.
func TestMatrixSmallGuardStudy(t *testing.T) {
	out := t.TempDir()
	impl := "stand-in=python3 ../../fuzz/oracle/noescalation/adapter.py --proxy-dir ../../fuzz/oracle/noescalation/testdata/fakeproxy"
	var rep matrix.GuardReport
	stdout, _ := matrixReport(t, out, &rep, "--guards", "--limit", "5", "--corners=false", "--minimize-tries", "2000", "--impl", impl, "--out", out)
	if rep.Chains != 5 || rep.Corners != 0 || len(rep.Implementations) != 2 || rep.Implementations[1].Name != "stand-in" {
		t.Fatalf("report %+v", rep)
	}
	ours := rep.Implementations[0]
	if ours.Unsound != 0 || ours.OverRestrictive != 0 || ours.Admitted+ours.Denied != rep.Probes {
		t.Errorf("our guard departs from its own model: %+v", ours)
	}
	if !strings.Contains(stdout, "guard stand-in:") {
		t.Errorf("stdout %q", stdout)
	}
	if code, _, _ := runCmd(t, "", "matrix", "--guards", "--impl", "v1=node ../../fuzz/oracle/node/server.js --lib ecmascript", "--out", out); code != exitUsage {
		t.Errorf("a protocol-1 program as a guard: exit %d, want 2", code)
	}
}

func TestMatrixUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"matrix", "extra"},
		{"matrix", "--impl", "nameonly"},
		{"matrix", "--builtin=false", "--limit", "3"},
		{"matrix", "--corpus", "/nonexistent/folder"},
		{"matrix", "--reports", "/tmp/r"},
		{"matrix", "--guards", "--conformance", "/tmp/c"},
		{"matrix", "--guards", "--ext", "bin/ext"},
		{"matrix", "--builtin=false", "--ext", "/nonexistent/folder"},
	} {
		if code, _, _ := runCmd(t, "", args...); code != exitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
