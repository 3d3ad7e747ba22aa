package fuzz_test

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// boundCanon is the real target: targets/bound's string canonicalization
// under the hierarchical reading. canonMatchesAdmits ties it to the
// behaviour the bound uses, so a canonicalization the meet no longer calls
// is caught too.
func boundCanon(s string, fold bool) (string, error) {
	return bound.CanonicalizeString(s, bound.ModeHierarchical, fold)
}

// canonMatchesAdmits reports whether {"eq": x} admits y under the
// hierarchical reading (bound.Admits) exactly when boundCanon accepts both
// and gives them one form.
func canonMatchesAdmits(x, y string, fold bool) bool {
	cx, ex := boundCanon(x, fold)
	cy, ey := boundCanon(y, fold)
	eq := bound.Constraint{Op: bound.OpEq, Value: bound.String(x)}
	return bound.Admits(eq, bound.String(y), bound.ModeHierarchical, fold) == (ex == nil && ey == nil && cx == cy)
}

// canonSeeds are FuzzArgumentCanonicalization's inputs: generator bytes
// and a pair of strings given directly, each with what it probes.
var canonSeeds = []struct {
	data, x, y string
	fold       bool
	probe      string
}{
	{"", "/srv/acme/x/a.txt", "/srv/acme/./x//q/../a.txt/", false, "dot segments and doubled and trailing slashes"},
	{"\x01", "/srv/caf\u00e9/b", "/srv/cafe%CC%81/b", false, "NFC against percent-encoded NFD"},
	{"\x02", "/srv/acme/%61", "/srv/acme/%2561", false, "an unreserved byte encoded once and twice"},
	{"\x03", "/srv/acme/x", "/srv/acme/x%2F..%2F..", false, "an encoded separator: refused"},
	{"\x04", "/srv/acme", "/srv/acme/x/%2e%2e", false, "an encoded dot segment: refused"},
	{"\x05", "acme/app", "acme/app/../..", false, "a relative path climbing above its root: refused"},
	{"\x06", "/srv/ACME/Readme", "/srv/acme/readme", true, "equal under case folding"},
	{"\x07", "/srv/acme/a", "/srv/acme/b", false, "a different segment"},
	{"\x08", "/srv/a+b@c=d;e", "/srv/a%2Bb%40c%3dd%3Be", false, "reserved bytes percent-encoded in a segment"},
	{"\x09", "/", "/./", false, "the root"},
	{"\x0a", "/srv/acme/x%00", "/srv/acme/x\\..", false, "a NUL and a backslash: refused"},
}

// FuzzArgumentCanonicalization holds targets/bound's hierarchical
// canonicalization to argumentCanonicalization, and to bound.Admits
// (canonMatchesAdmits), on generated pairs of respellings and near misses
// and on pairs the fuzzer writes directly.
func FuzzArgumentCanonicalization(f *testing.F) {
	if len(canonSeeds) == 0 {
		f.Fatal("no seeds: the target would replay nothing")
	}
	for _, s := range canonSeeds {
		f.Add([]byte(s.data), s.x, s.y, s.fold)
	}
	f.Fuzz(func(t *testing.T, data []byte, x, y string, fold bool) {
		if err := argumentCanonicalization(boundCanon, data, x, y, fold); err != nil {
			t.Fatal(err)
		}
		if !canonMatchesAdmits(x, y, fold) {
			t.Fatalf("fold %v: bound.Admits({eq %q}, %q) disagrees with canonString", fold, x, y)
		}
	})
}
