package main

import (
	"os"
	"os/exec"
	"slices"
	"sort"
	"strings"
	"testing"
)

const module = "github.com/canonfuzz/canonfuzz"

// productCommands are the commands of every build: what a user runs on a
// document or in front of an MCP server.
var productCommands = []string{"admit", "canon", "check", "digest", "guard", "meet", "version"}

// harnessFolders are the module's folders whose packages test the
// targets or run the research tools: none is linked into the product.
var harnessFolders = []string{"fuzz", "seeds", "campaign", "minimize", "matrix", "mutation", "findings"}

// A linkedPackage is one line of go list -deps.
type linkedPackage struct {
	path     string
	standard bool
	module   string // the module that provides it; "" for the standard library
}

// linked is every package the build of cmd/canonfuzz with tags links, its
// test files left out.
func linked(t *testing.T, tags string) []linkedPackage {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-test=false", "-tags="+tags,
		"-f", "{{.ImportPath}} {{.Standard}} {{with .Module}}{{.Path}}{{end}}", ".")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps -tags=%s ./cmd/canonfuzz: %v", tags, err)
	}
	var pkgs []linkedPackage
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			t.Fatalf("go list: unexpected line %q", line)
		}
		p := linkedPackage{path: f[0], standard: f[1] == "true"}
		if len(f) > 2 {
			p.module = f[2]
		}
		pkgs = append(pkgs, p)
	}
	if !slices.ContainsFunc(pkgs, func(p linkedPackage) bool { return p.path == module+"/targets/admit" }) {
		t.Fatalf("go list -deps -tags=%s gave no dependencies of canonfuzz:\n%s", tags, out)
	}
	return pkgs
}

// harnessPackage is the folder of harnessFolders p is in, or "testing"
// for Go's testing package, its subpackages and internal/fuzz (what
// testing.F runs on); "" for anything else.
func harnessPackage(p linkedPackage) string {
	if p.standard {
		if p.path == "testing" || strings.HasPrefix(p.path, "testing/") || p.path == "internal/fuzz" {
			return "testing"
		}
		return ""
	}
	rel, ok := strings.CutPrefix(p.path, module+"/")
	if !ok {
		return ""
	}
	top, _, _ := strings.Cut(rel, "/")
	if slices.Contains(harnessFolders, top) {
		return top
	}
	return ""
}

// twoBuilds is the heading of README.md's section on the product and
// the research build.
const twoBuilds = "### Two builds: the product and the research tools"

// productTable is the first column of README.md's table of what the
// product links ("### Two builds"): the module's packages, relative to
// it, and the other modules, by path.
func productTable(t *testing.T) (packages, modules []string) {
	t.Helper()
	for _, line := range strings.Split(readmeSection(t, twoBuilds), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		name := strings.Trim(strings.TrimSpace(cells[1]), "`")
		if first, _, _ := strings.Cut(name, "/"); strings.Contains(first, ".") {
			modules = append(modules, name)
		} else {
			packages = append(packages, name)
		}
	}
	if len(packages) == 0 {
		t.Fatalf("README.md's %q has no table of the packages the product links", twoBuilds)
	}
	sort.Strings(packages)
	sort.Strings(modules)
	return packages, modules
}

// TestProductLinksOnlyTheTargets: the default build of canonfuzz, what
// go install gives a user, links no package of the harness or the
// research tools and not Go's testing package (issue 17: it linked 28 of
// the module's packages, fuzz/oracle/oracletest and testing among them),
// and links of the module exactly the packages README.md's table names,
// and beyond the standard library exactly its modules. The research build
// (-tags lab) does link the harness, which shows the check sees it.
func TestProductLinksOnlyTheTargets(t *testing.T) {
	var packages, modules []string
	for _, p := range linked(t, "") {
		if h := harnessPackage(p); h != "" {
			t.Errorf("the product links %s (%s): what imports it belongs in a file built with -tags lab", p.path, h)
		}
		switch rel, ok := strings.CutPrefix(p.path, module+"/"); {
		case ok:
			packages = append(packages, rel)
		case !p.standard && !slices.Contains(modules, p.module):
			modules = append(modules, p.module)
		}
	}
	sort.Strings(packages)
	sort.Strings(modules)
	wantPackages, wantModules := productTable(t)
	if !slices.Equal(packages, wantPackages) {
		t.Errorf("the product links the module's packages %v; README.md's table says %v", packages, wantPackages)
	}
	if !slices.Equal(modules, wantModules) {
		t.Errorf("the product links the modules %v; README.md's table says %v", modules, wantModules)
	}

	seen := map[string]bool{}
	for _, p := range linked(t, "lab") {
		seen[harnessPackage(p)] = true
	}
	for _, folder := range []string{"fuzz", "campaign", "matrix", "minimize", "mutation"} {
		if !seen[folder] {
			t.Errorf("the research build (-tags lab) links nothing under %s/: the research commands are gone, or this check sees nothing", folder)
		}
	}
}

// Every command of this build is a product command or a research
// command, and every product command is here; a research command this
// build lacks is refused with exit 2, what it is and how to get it
// (issue 17), whatever follows it, and the usage lists it.
func TestEveryResearchCommandIsHereOrRefused(t *testing.T) {
	for name := range commands {
		if !slices.Contains(productCommands, name) && !slices.ContainsFunc(researchCommands, func(r researchCommand) bool { return r.name == name }) {
			t.Errorf("canonfuzz %s is neither a product command nor in researchCommands", name)
		}
	}
	for _, name := range productCommands {
		if commands[name] == nil {
			t.Errorf("this build has no %s command", name)
		}
	}
	_, usage, _ := runCmd(t, "", "-h")
	for _, r := range researchCommands {
		if commands[r.name] != nil {
			continue
		}
		how := map[string]string{"lab": "make build (go build -tags lab", "planted": "make efficacy, or go run -tags planted"}[r.tag]
		if how == "" {
			t.Errorf("%s: unknown build tag %q", r.name, r.tag)
		}
		for _, args := range [][]string{{r.name}, {r.name, "-h"}, {"help", r.name}, {r.name, "--out", t.TempDir(), "x"}, {r.name, "merge", "r.json"}} {
			code, out, errOut := runCmd(t, "", args...)
			if code != exitUsage || out != "" || !strings.HasPrefix(errOut, "canonfuzz: "+r.name+" is a research command, not in this build: "+r.what) ||
				!strings.Contains(errOut, how) || !strings.Contains(errOut, "a checkout") {
				t.Errorf("canonfuzz %s: exit %d, stdout %q, stderr %q; want 2, what it is and %q on stderr", strings.Join(args, " "), code, out, errOut, how)
			}
		}
		if !strings.Contains(usage, "-tags "+r.tag+"): ") || !strings.Contains(usage, r.name) {
			t.Errorf("canonfuzz -h does not list %s among the commands of the %s build:\n%s", r.name, r.tag, usage)
		}
	}
}
