package campaign

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/internal/gocmd"
)

// Job is one fuzz target a campaign runs: the registry target (fuzz/spec)
// of that name, where its native stub or go-fuzz entry point is.
type Job struct {
	Package string // import path
	Dir     string // the package's directory
	Name    string // FuzzX
}

func (t Job) String() string { return t.Name }

// module is the import path of the module the registry's Dirs are in.
const module = "github.com/canonfuzz/canonfuzz"

// Registry is every fuzz target of the registry (fuzz/spec), by the import
// path of its stub's package and its name: the one list of fuzz targets,
// which TestEveryFuzzTargetIsInTheRegistry holds to the module's source.
func Registry() []Job {
	var out []Job
	for _, t := range spec.Targets() {
		out = append(out, Job{Package: module + "/" + t.Dir, Name: t.Name})
	}
	return out
}

// Discover lists the jobs of registry (Registry, or a test module's own
// list) whose package matches patterns (such as "./fuzz/...") under the
// module at root, with each package's directory, sorted by package and
// name. It builds each such package's test binary into bin, with the build
// tags given (none for a campaign; "planted" for the efficacy benchmark).
func Discover(ctx context.Context, root, bin string, patterns, tags []string, registry []Job) ([]Job, map[string]string, error) {
	tagArg := "-tags=" + strings.Join(tags, ",")
	out, err := gocmd.Output(ctx, root, append([]string{"list", tagArg, "-f", "{{.ImportPath}}\t{{.Dir}}"}, patterns...)...)
	if err != nil {
		return nil, nil, err
	}
	var targets []Job
	binaries := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, dir, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		var here []Job
		for _, t := range registry {
			if t.Package == pkg {
				here = append(here, Job{Package: pkg, Dir: dir, Name: t.Name})
			}
		}
		if len(here) == 0 {
			continue // no registry target: building its test binary would find nothing
		}
		exe := filepath.Join(bin, strings.ReplaceAll(strings.TrimPrefix(pkg, "github.com/"), "/", "_")+".test")
		// -fuzz makes the build coverage-instrumented, as go test -fuzz does;
		// without it the engine mutates blind.
		if _, err := gocmd.Output(ctx, root, "test", tagArg, "-c", "-fuzz=.", "-o", exe, pkg); err != nil {
			return nil, nil, err
		}
		targets = append(targets, here...)
		binaries[pkg] = exe
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
func Select(targets []Job, names []string) ([]Job, error) {
	if len(names) == 0 {
		return targets, nil
	}
	var kept []Job
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
