package campaign

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// Target is one native fuzz target: a FuzzX function of a package.
type Target struct {
	Package string // import path
	Dir     string // the package's directory
	Name    string // FuzzX
}

func (t Target) String() string { return t.Name }

// Discover lists the fuzz targets of the packages matching patterns (such as
// "./targets/...") under the module at root, sorted by package and name.
// It builds each package's test binary into bin, with the build tags given
// (none for a campaign; "planted" for the efficacy benchmark), since listing
// the targets needs it and fuzzing needs it again.
func Discover(ctx context.Context, root, bin string, patterns, tags []string) ([]Target, map[string]string, error) {
	tagArgs := []string{"-tags=" + strings.Join(tags, ",")}
	args := append([]string{"list", tagArgs[0], "-f", "{{.ImportPath}}\t{{.Dir}}\t{{join .TestGoFiles \",\"}}\t{{join .XTestGoFiles \",\"}}"}, patterns...)
	out, err := goCommand(ctx, root, args...)
	if err != nil {
		return nil, nil, err
	}
	var targets []Target
	binaries := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 {
			continue
		}
		pkg, dir := f[0], f[1]
		if !declaresFuzzTargets(dir, strings.Split(f[2]+","+f[3], ",")) {
			continue // building its test binary would find nothing
		}
		exe := filepath.Join(bin, strings.ReplaceAll(strings.TrimPrefix(pkg, "github.com/"), "/", "_")+".test")
		// -fuzz makes the build coverage-instrumented, as go test -fuzz does;
		// without it the engine mutates blind.
		if _, err := goCommand(ctx, root, "test", tagArgs[0], "-c", "-fuzz=.", "-o", exe, pkg); err != nil {
			return nil, nil, err
		}
		list, err := command(ctx, dir, exe, "-test.list", "^Fuzz")
		if err != nil {
			return nil, nil, fmt.Errorf("campaign: listing the fuzz targets of %s: %w", pkg, err)
		}
		for _, name := range strings.Fields(string(list)) {
			if strings.HasPrefix(name, "Fuzz") {
				targets = append(targets, Target{Package: pkg, Dir: dir, Name: name})
				binaries[pkg] = exe
			}
		}
	}
	sort.Slice(targets, func(i, j int) bool {
		if targets[i].Package != targets[j].Package {
			return targets[i].Package < targets[j].Package
		}
		return targets[i].Name < targets[j].Name
	})
	return targets, binaries, nil
}

// Select keeps the targets named in names (fuzz target names or short
// package names such as "admit"); an empty list keeps all. A name that
// matches nothing is an error, so a typo does not run an empty campaign.
func Select(targets []Target, names []string) ([]Target, error) {
	if len(names) == 0 {
		return targets, nil
	}
	var kept []Target
	for _, name := range names {
		found := false
		for _, t := range targets {
			if t.Name == name || filepath.Base(t.Package) == name {
				kept = append(kept, t)
				found = true
			}
		}
		if !found {
			return nil, fmt.Errorf("campaign: no fuzz target or package named %q", name)
		}
	}
	return kept, nil
}

// declaresFuzzTargets reports whether any of the test files declares a
// function whose name starts with Fuzz.
func declaresFuzzTargets(dir string, files []string) bool {
	for _, name := range files {
		if name == "" {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err == nil && bytes.Contains(src, []byte("\nfunc Fuzz")) {
			return true
		}
	}
	return false
}

func goCommand(ctx context.Context, dir string, args ...string) ([]byte, error) {
	return command(ctx, dir, "go", args...)
}

func command(ctx context.Context, dir, name string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = os.Environ()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, stderr.Bytes())
	}
	return out, nil
}
