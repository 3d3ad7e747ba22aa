package mutation

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/canonfuzz/canonfuzz/internal/gocmd"
)

// build writes the schema overlay and builds every test binary the sweep
// needs: the target packages', and for a full sweep every package of the
// module whose tests depend on a target.
func (s *Sweep) build() error {
	schema := s.Plan.BuildSchema()
	ov, err := writeOverlay(filepath.Join(s.Opts.Work, "_overlay"), schema.Files)
	if err != nil {
		return err
	}
	s.Overlay = ov
	binDir := filepath.Join(s.Opts.Work, "bin")
	if err := os.MkdirAll(binDir, 0o755); err != nil {
		return err
	}
	for _, l := range s.testPackages() {
		b, err := s.buildBinary(ov, binDir, l)
		if err != nil {
			return err
		}
		s.Binaries = append(s.Binaries, b)
	}
	return nil
}

// testPackages lists the packages whose test binaries the sweep runs: each
// target's, and unless the sweep is quick every package whose tests
// import a target (with FuzzPackages, those that declare fuzz targets).
func (s *Sweep) testPackages() []*listed {
	seen := map[string]bool{}
	var pkgs []*listed
	for _, t := range s.Plan.Mod.Targets {
		for _, l := range s.Plan.Mod.TestPackages(t.Path) {
			if seen[l.ImportPath] || (s.Opts.Quick && l.ImportPath != t.Path) ||
				(s.Opts.FuzzPackages && l.ImportPath != t.Path && !DeclaresFuzzTargets(l.Dir, append(l.TestGoFiles, l.XTestGoFiles...))) {
				continue
			}
			seen[l.ImportPath] = true
			pkgs = append(pkgs, l)
		}
	}
	return pkgs
}

// buildBinary builds one package's test binary with the schema overlay
// and lists its tests with their declarations.
func (s *Sweep) buildBinary(ov, binDir string, l *listed) (*Binary, error) {
	out := filepath.Join(binDir, gocmd.TestBinary(l.ImportPath))
	s.logf("mutation: building %s", l.ImportPath)
	if err := buildTest(s.Plan.Mod.Root, ov, l.ImportPath, out); err != nil {
		return nil, err
	}
	rel, _ := filepath.Rel(s.Plan.Mod.Root, l.Dir)
	b := &Binary{Pkg: l.ImportPath, Rel: filepath.ToSlash(rel), Dir: l.Dir, Path: out}
	decls := testDecls(s.Plan.Mod.Root, l)
	names, err := listTests(b)
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		t := &Test{Name: n, ID: b.Rel + "/" + n}
		if d, ok := decls[n]; ok {
			t.File, t.Line = d[0].(string), d[1].(int)
		}
		b.Tests = append(b.Tests, t)
	}
	return b, nil
}

func listTests(b *Binary) ([]string, error) {
	cmd := exec.Command(b.Path, "-test.list", ".")
	cmd.Dir = b.Dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s -test.list: %v", b.Pkg, err)
	}
	var names []string
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "Benchmark") || strings.HasPrefix(line, "ok ") {
			continue
		}
		names = append(names, line)
	}
	return names, nil
}

// DeclaresFuzzTargets reports whether any of the package's test files
// declares a function whose name starts with Fuzz.
func DeclaresFuzzTargets(dir string, files []string) bool {
	for _, name := range files {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err == nil && bytes.Contains(src, []byte("\nfunc Fuzz")) {
			return true
		}
	}
	return false
}
