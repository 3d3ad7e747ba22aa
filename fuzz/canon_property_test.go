package fuzz_test

import (
	"errors"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
)

// argCanonicalizer is a hierarchical argument canonicalization under
// test (SEP-3246 section 3.2.2): targets/bound's in the fuzz target, a
// planted fault in TestPlantedGuardAndCanonFaultsAreFound.
type argCanonicalizer func(s string, fold bool) (string, error)

// argumentCanonicalization is the property of FuzzArgumentCanonicalization
// on the pair gen.GeneratePathPair makes of data (under the folding it
// draws) and on the pair of strings it takes directly (x, y, under fold),
// under resolvePath, the reference
// resolver. For each value v it canonicalizes:
//   - idempotent: canon(canon(v)) == canon(v);
//   - never above the root: no ".." segment survives, and the result is
//     absolute exactly when v is (a relative value stays relative);
//   - refuses what the model cannot resolve, and resolves what it can;
//
// and for the pair: canon(x) == canon(y) exactly when the model resolves
// both to one resource, so two distinct valid inputs are never collapsed
// and two spellings of one resource are never split. Values the model
// leaves out of scope (a ':', '?' or '#') are only held to idempotence
// and the root.
func argumentCanonicalization(canon argCanonicalizer, data []byte, x, y string, fold bool) error {
	p := gen.GeneratePathPair(data)
	if err := canonPairHolds(canon, p.X, p.Y, p.Fold, data); err != nil {
		return err
	}
	return canonPairHolds(canon, x, y, fold, data)
}

// canonPairHolds checks one pair under one folding.
func canonPairHolds(canon argCanonicalizer, x, y string, fold bool, data []byte) error {
	cx, errX := canonOneHolds(canon, x, fold, data)
	if errX != nil {
		return errX
	}
	cy, errY := canonOneHolds(canon, y, fold, data)
	if errY != nil {
		return errY
	}
	mx, ex := resolvePath(x, fold)
	my, ey := resolvePath(y, fold)
	if errors.Is(ex, errOutOfScope) || errors.Is(ey, errOutOfScope) || cx == nil || cy == nil {
		return nil
	}
	sameCanon, sameModel := *cx == *cy, ex == nil && ey == nil && mx == my
	if sameCanon != sameModel {
		return violated(data, nil, "fold %v: canon(%q) = %q, canon(%q) = %q; the model resolves them to %q (%v) and %q (%v)",
			fold, x, *cx, y, *cy, mx, ex, my, ey)
	}
	return nil
}

// canonOneHolds checks one value, returning its canonical form (nil if
// refused) or the violation.
func canonOneHolds(canon argCanonicalizer, v string, fold bool, data []byte) (*string, error) {
	c, err := canon(v, fold)
	m, merr := resolvePath(v, fold)
	inScope := !errors.Is(merr, errOutOfScope)
	if err != nil {
		if inScope && merr == nil {
			return nil, violated(data, nil, "fold %v: canon(%q) refuses (%v), but the model resolves it to %q", fold, v, err, m)
		}
		return nil, nil
	}
	if again, err := canon(c, fold); err != nil || again != c {
		return nil, violated(data, nil, "fold %v: not idempotent: canon(%q) = %q, canon of that = %q, %v", fold, v, c, again, err)
	}
	path := c
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	for _, seg := range strings.Split(path, "/") {
		if seg == ".." {
			return nil, violated(data, nil, "fold %v: canon(%q) = %q keeps a '..' segment", fold, v, c)
		}
	}
	if strings.HasPrefix(c, "/") != strings.HasPrefix(v, "/") && inScope {
		return nil, violated(data, nil, "fold %v: canon(%q) = %q moved the root", fold, v, c)
	}
	if inScope && merr != nil {
		return nil, violated(data, nil, "fold %v: canon(%q) = %q, but the model cannot resolve it: %v", fold, v, c, merr)
	}
	return &c, nil
}
