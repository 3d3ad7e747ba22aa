package seeds

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/internal/fuzzsource"
)

const root = ".."

// seeds/INDEX.md is what the catalogue generates, and no seed file of an
// older catalogue is left: a seed changed and not regenerated, or a stale
// copy, fails.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	got, err := os.ReadFile(filepath.Join(root, IndexPath))
	if err != nil || !bytes.Equal(got, Index()) {
		t.Errorf("%s is not what the catalogue generates (run go generate ./seeds): %v", IndexPath, err)
	}
	stale, err := Stale(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range stale {
		t.Errorf("%s is a seed file of an older catalogue (run go generate ./seeds)", p)
	}
}

// Every fuzz target of the module, found by parsing it, has seeds here,
// every seed fits its target's arguments, has a comment and a name of its
// own, and every catalogue entry is a fuzz target of the registry.
func TestEveryFuzzTargetHasSeedsThatFit(t *testing.T) {
	declared, err := fuzzsource.Module(root)
	if err != nil {
		t.Fatal(err)
	}
	native := 0
	for _, d := range declared {
		if d.Kind != fuzzsource.Native {
			continue
		}
		if _, ok := property.Lookup(d.Name); !ok {
			continue // a fixture of fuzz/planted; its seeds are its own
		}
		native++
		if _, err := For(d.Name); err != nil {
			t.Errorf("%s (%s/%s): %v", d.Name, d.Dir, d.File, err)
		}
	}
	if native < 30 {
		t.Fatalf("found only %d native fuzz targets of the registry: is the search broken?", native)
	}
	for _, tg := range Catalogue() {
		target, ok := property.Lookup(tg.Name)
		if !ok {
			t.Errorf("%s: the catalogue has seeds for a target the registry does not have", tg.Name)
			continue
		}
		list, err := For(tg.Name)
		if err != nil {
			t.Error(err)
			continue
		}
		names := map[string]bool{}
		for _, s := range list {
			if names[s.Name] {
				t.Errorf("%s: two seeds named %s", tg.Name, s.Name)
			}
			names[s.Name] = true
			if s.Comment == "" {
				t.Errorf("%s/%s: no comment saying what it probes", tg.Name, s.Name)
			}
			if err := property.Fits(target.Params, s.Values); err != nil {
				t.Errorf("%s/%s: %v", tg.Name, s.Name, err)
			}
		}
	}
}

// Every seed passes its target: a seed that fails would stop the engine
// before it fuzzes, and the fuzz target's seed replay under go test would
// be red. (The Node targets replay theirs in fuzz/jcs.)
func TestSeedsHoldOnTheRealTargets(t *testing.T) {
	for _, target := range property.Targets() {
		if target.Node {
			continue
		}
		list, err := For(target.Name)
		if err != nil {
			t.Fatal(err)
		}
		b := target.Real()
		for _, s := range list {
			if v := b.Check(property.Input(s.Values)); v != nil {
				t.Errorf("%s/%s: %v", target.Name, s.Name, v)
			}
		}
	}
}

// An empty seed list is an error, never a target that replays nothing.
func TestForFailsWithoutSeeds(t *testing.T) {
	if _, err := For("FuzzNoSuchTarget"); err == nil {
		t.Error("For(FuzzNoSuchTarget) succeeded")
	}
	empty := payloads("seeds/no-such-folder", "nothing", "", false, asBytes)
	if got, err := empty.Read(); err == nil && len(got) > 0 {
		t.Errorf("a missing folder gave %d seeds", len(got))
	}
}

// Each generator seed makes what its comment claims: the feature of the
// value or call, the pattern, the constraint pair.
func TestGeneratedSeeds(t *testing.T) {
	for _, s := range generatedValues {
		if got := gen.Features(gen.Generate([]byte(s.data))); got&s.feature != s.feature {
			t.Errorf("value seed %q (%s) makes a value with %v, not %v", s.data, s.probe, got, s.feature)
		}
	}
	for _, s := range generatedCalls {
		if got := gen.Features(gen.GenerateCall([]byte(s.data)).Arguments); got&s.feature != s.feature {
			t.Errorf("call seed %q (%s) makes arguments with %v, not %v", s.data, s.probe, got, s.feature)
		}
	}
	for _, s := range generatedGlobs {
		if got := gen.GenerateGlob([]byte(s.data)).Pattern; got != s.pattern {
			t.Errorf("glob seed %q (%s) makes pattern %q, not %q", s.data, s.probe, got, s.pattern)
		}
	}
	for _, s := range generatedPairs {
		if got := describePair(gen.GenerateConstraintPair([]byte(s.data))); got != s.pair {
			t.Errorf("meet seed %q (%s) makes %s, not %s", s.data, s.probe, got, s.pair)
		}
	}
}

// describePair writes a pair's operators and operands in one line.
func describePair(p gen.ConstraintPair) string {
	one := func(first bool) string {
		x := p.A
		if !first {
			x = p.B
		}
		switch x.Op {
		case "eq":
			return fmt.Sprintf("eq %+q", x.Value.Str)
		case "in":
			return fmt.Sprintf("in [%+q %+q]", x.Values[0].Str, x.Values[1].Str)
		}
		return fmt.Sprintf("%s %+q", x.Op, x.Operand)
	}
	return one(true) + " / " + one(false)
}
