package fuzzscore

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/canonfuzz/canonfuzz/campaign"
	"github.com/canonfuzz/canonfuzz/mutation"
)

// reaching lists the fuzz targets whose seed replay, in the sweep's
// coverage run (the FuzzX test with its committed seeds, no mutant on),
// reaches the mutant's site: one of the points of any mutant of the site
// (a DropCheck's point is in the guarding condition, evaluated whether or
// not the refusal is built; a SwapKind's only when it is), so that a
// refusal no seed triggers is still fuzzed when a seed reaches its check.
// The targets of the fuzz package of
// the mutant's own area first (fuzz/admit for targets/admit), then the
// others, each group fastest replay first. The seeds are withheld when the
// targets fuzz; their replay only says which targets can reach the site.
func reaching(sw *mutation.Sweep, fuzzPkgs map[string]bool, m *mutation.Mutant) []campaign.Job {
	points := sitePoints(sw.Plan, m)
	type cand struct {
		t    campaign.Job
		own  bool
		secs float64
	}
	var cs []cand
	area := path.Base(m.Site.Pkg.Path)
	for _, b := range sw.Binaries {
		if !fuzzPkgs[b.Pkg] {
			continue
		}
		for _, t := range b.Tests {
			if !strings.HasPrefix(t.Name, "Fuzz") || !t.Passed || !reaches(t, points) {
				continue
			}
			cs = append(cs, cand{campaign.Job{Package: b.Pkg, Dir: b.Dir, Name: t.Name}, path.Base(b.Pkg) == area, t.Seconds})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool {
		if cs[i].own != cs[j].own {
			return cs[i].own
		}
		return cs[i].secs < cs[j].secs
	})
	out := make([]campaign.Job, len(cs))
	for i, c := range cs {
		out[i] = c.t
	}
	return out
}

// sitePoints are the points of every mutant of m's site.
func sitePoints(p *mutation.Plan, m *mutation.Mutant) []int {
	points := m.Points()
	for _, o := range p.Mutants {
		if o.Site == m.Site && o != m {
			points = append(points, o.Points()...)
		}
	}
	return points
}

func reaches(t *mutation.Test, points []int) bool {
	for _, p := range points {
		if t.Hits[p] {
			return true
		}
	}
	return false
}

// nativeImport is the package through which a fuzz target of the suite
// adds its seeds, and withholds them (fuzz/native).
const nativeImport = `"github.com/canonfuzz/canonfuzz/fuzz/native"`

// fuzzPackages are the packages of the sweep's binaries whose fuzz targets
// go through fuzz/native, the only ones whose seeds can be withheld (the
// minimizer's own fuzz tests add theirs with f.Add and are left out).
func fuzzPackages(sw *mutation.Sweep) map[string]bool {
	out := map[string]bool{}
	for _, b := range sw.Binaries {
		files, _ := filepath.Glob(filepath.Join(b.Dir, "*_test.go"))
		for _, f := range files {
			if src, err := os.ReadFile(f); err == nil && bytes.Contains(src, []byte(nativeImport)) {
				out[b.Pkg] = true
				break
			}
		}
	}
	return out
}
