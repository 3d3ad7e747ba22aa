package spec

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

const root = "../.."

// seeds/INDEX.md is what the catalogue generates, and no seed file of an
// older catalogue is left: a seed changed and not regenerated, or a stale
// copy, fails.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	got, err := os.ReadFile(filepath.Join(root, IndexPath))
	if err != nil || !bytes.Equal(got, Index()) {
		t.Errorf("%s is not what the spec files generate (run go generate ./fuzz/spec): %v", IndexPath, err)
	}
	stale, err := Stale(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range stale {
		t.Errorf("%s is a seed file of an older catalogue (run go generate ./fuzz/spec)", p)
	}
}

// Every target of the registry has seeds, and every seed fits its
// target's arguments, has a comment and a name of its own.
func TestEveryTargetHasSeedsThatFit(t *testing.T) {
	for _, target := range Targets() {
		list, err := target.AllSeeds()
		if err != nil {
			t.Error(err)
			continue
		}
		names := map[string]bool{}
		for _, s := range list {
			if names[s.Name] {
				t.Errorf("%s: two seeds named %s", target.Name, s.Name)
			}
			names[s.Name] = true
			if s.Comment == "" {
				t.Errorf("%s/%s: no comment saying what it probes", target.Name, s.Name)
			}
			if err := property.Fits(target.Params, s.Values); err != nil {
				t.Errorf("%s/%s: %v", target.Name, s.Name, err)
			}
		}
	}
}

// Every seed passes its target: a seed that fails would stop the engine
// before it fuzzes, and the fuzz target's seed replay under go test would
// be red. (The Node targets replay theirs in fuzz/jcs.)
func TestSeedsHoldOnTheRealTargets(t *testing.T) {
	for _, target := range Targets() {
		if target.Node {
			continue
		}
		list, err := target.AllSeeds()
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

// A target with no seeds, or whose source reads nothing, replays
// nothing: AllSeeds fails, never returns an empty list.
func TestAllSeedsFailsWithoutSeeds(t *testing.T) {
	if _, err := SeedsOf("FuzzNoSuchTarget"); err == nil {
		t.Error("SeedsOf(FuzzNoSuchTarget) succeeded")
	}
	if _, err := (&Target{Name: "FuzzNothing"}).AllSeeds(); err == nil {
		t.Error("a target with no seeds gave seeds")
	}
	empty := &Target{Name: "FuzzEmptyFolder", Sources: []seeds.Source{seeds.Payloads("seeds/no-such-folder", "nothing", "", false, seeds.AsBytes)}}
	if got, err := empty.AllSeeds(); err == nil {
		t.Errorf("a source that reads no files gave %d seeds", len(got))
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
			return "eq " + describeOperand(x.Value)
		case "in":
			return fmt.Sprintf("in [%s %s]", describeOperand(x.Values[0]), describeOperand(x.Values[1]))
		}
		return fmt.Sprintf("%s %+q", x.Op, x.Operand)
	}
	return one(true) + " / " + one(false)
}

// describeOperand writes a number as written, a string quoted.
func describeOperand(v bound.Value) string {
	if v.Kind == bound.KindNumber {
		return v.Number
	}
	return fmt.Sprintf("%+q", v.Str)
}
