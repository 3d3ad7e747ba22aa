package gofuzz

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// installHint is the command that installs the pinned go-fuzz tools.
const installHint = "cd fuzz/gofuzz/tools && go install tool (make fuzz-tools)"

// tool returns the path of a go-fuzz tool, on PATH or in
// $(go env GOPATH)/bin, and fails t when it is in neither.
func tool(t *testing.T, name string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	out, err := exec.Command("go", "env", "GOPATH").Output()
	if err == nil {
		for _, dir := range filepath.SplitList(strings.TrimSpace(string(out))) {
			p := filepath.Join(dir, "bin", name)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				return p
			}
		}
	}
	t.Fatalf("%s is not on PATH or in $(go env GOPATH)/bin: install the pinned tools with `%s`", name, installHint)
	return ""
}

// requiredVersion reads the version of module that a go.mod requires.
func requiredVersion(t *testing.T, gomod, module string) string {
	t.Helper()
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*(?:require\s+)?` + regexp.QuoteMeta(module) + `\s+(v\S+)`).FindSubmatch(data)
	if m == nil {
		t.Fatalf("%s does not require %s", gomod, module)
	}
	return string(m[1])
}

// TestToolsPinMatchesGoMod: the tools module installs the go-fuzz that the
// main module requires, whose go-fuzz-dep go-fuzz-build links into every
// build; and the installed go-fuzz-build, if any, is that version.
func TestToolsPinMatchesGoMod(t *testing.T) {
	const module = "github.com/dvyukov/go-fuzz"
	main := requiredVersion(t, "../../go.mod", module)
	tools := requiredVersion(t, "tools/go.mod", module)
	if main != tools {
		t.Fatalf("go.mod requires %s %s, fuzz/gofuzz/tools/go.mod %s", module, main, tools)
	}
	for _, name := range []string{"go-fuzz", "go-fuzz-build"} {
		out, err := exec.Command("go", "version", "-m", tool(t, name)).Output()
		if err != nil {
			t.Fatalf("go version -m %s: %v", name, err)
		}
		if !regexp.MustCompile(`(?m)^\s*mod\s+` + regexp.QuoteMeta(module) + `\s+` + regexp.QuoteMeta(main) + `\s`).Match(out) {
			t.Errorf("the installed %s is not %s %s:\n%s\nreinstall with `%s`", name, module, main, out, installHint)
		}
	}
}
