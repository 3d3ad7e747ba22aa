package property

import (
	"errors"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ArgCanonicalizer is targets/bound's argument canonicalization (SEP-3246
// section 3.2.2) under test, one reading at a time:
// bound.CanonicalizeString, or a planted variant.
type ArgCanonicalizer = func(s string, m bound.Mode, fold bool) (string, error)

// PathCanonicalizer is the hierarchical reading alone.
type PathCanonicalizer = func(s string, fold bool) (string, error)

// BoundPath is bound.CanonicalizeString under the hierarchical reading.
func BoundPath(s string, fold bool) (string, error) {
	return bound.CanonicalizeString(s, bound.ModeHierarchical, fold)
}

// ArgumentCanonicalizationIdempotent: under the plain and the
// hierarchical reading, canonicalization refuses only with
// bound.ErrNotCanonical (class MODE:untyped-error), refuses a string
// holding a NUL, which a reader of C strings reads cut at it
// (MODE:nul-kept; findings/spec/canon-nul.md), accepts its own
// output and gives it back unchanged (MODE:not-idempotent), and, under
// the hierarchical reading, keeps no ".." segment
// (hierarchical:keeps-dot-dot), never empties a value that is not empty
// (hierarchical:emptied) and keeps its scheme, authority, query and
// fragment (hierarchical:another-structure; structureMoved). A value whose canonical form reads as
// another structure fails here: "%23" once canonicalized to "#", which
// canonicalization refuses (findings/spec/canon-encoded-delimiter.md).
func ArgumentCanonicalizationIdempotent(canon ArgCanonicalizer, s string, fold bool) *Violation {
	const name = "ArgumentCanonicalizationIdempotent"
	for _, m := range []bound.Mode{bound.ModePlain, bound.ModeHierarchical} {
		once, err := canon(s, m, fold)
		if err != nil {
			if !errors.Is(err, bound.ErrNotCanonical) {
				return violated(name, m.String()+":untyped-error", "%T %v", err, err)
			}
			continue
		}
		if strings.IndexByte(s, 0) >= 0 {
			return violated(name, m.String()+":nul-kept", "canon(%q) = %q: a value holding a NUL is accepted", s, once)
		}
		twice, err := canon(once, m, fold)
		if err != nil || twice != once {
			return violated(name, m.String()+":not-idempotent", "canon(%q) = %q, canon of that = %q, %v", s, once, twice, err)
		}
		if m == bound.ModeHierarchical && keepsDotDot(once) {
			return violated(name, "hierarchical:keeps-dot-dot", "canon(%q) = %q", s, once)
		}
		if m != bound.ModeHierarchical {
			continue
		}
		if class, detail := structureMoved(s, once, fold); class != "" {
			return violated(name, "hierarchical:"+class, "canon(%q) = %q: %s", s, once, detail)
		}
	}
	return nil
}

// keepsDotDot reports whether the path of a canonical form (after any
// scheme and authority, before any query or fragment: readComponents) has
// a ".." segment. An authority is no path: "fc://.." names the host "..".
func keepsDotDot(c string) bool {
	_, path := readComponents(c)
	for _, seg := range strings.Split(path, "/") {
		if seg == ".." {
			return true
		}
	}
	return false
}

// ArgumentCanonicalizationMatchesResolver holds the hierarchical reading
// to resolvePath, the slow reference resolver, on the pair
// gen.GeneratePathPair makes of data (under the folding it draws) and on
// the pair of strings given (x, y, under fold). For each value v:
//
//   - idempotent: canon(canon(v)) == canon(v) (class not-idempotent);
//   - never above the root: no ".." survives (keeps-dot-dot), and the
//     result is absolute exactly when v is (moved-root);
//   - never another structure: a value that is not empty is not
//     canonicalized to "" (emptied), and the canonical form, read as RFC
//     3986 section 3 splits a URI reference, has v's scheme, authority,
//     query and fragment (another-structure; structureMoved);
//   - it refuses what the model cannot resolve (resolves-unresolvable) and
//     resolves what it can (refuses-resolvable);
//
// and for a pair: canon(x) == canon(y) exactly when the model resolves
// both to one resource, so two distinct valid inputs are never collapsed
// (collapsed) and two spellings of one resource never split (split).
// Values the model leaves out of scope (a ':', '?' or '#') are held to
// idempotence, the root and their structure only. Last, {"eq": x} admits y under
// bound.Admitter exactly when canon gives them one form (admits-differs):
// the canonicalization checked is the one the bound uses.
func ArgumentCanonicalizationMatchesResolver(canon PathCanonicalizer, data []byte, x, y string, fold bool) *Violation {
	p := gen.GeneratePathPair(data)
	if v := pairHolds(canon, p.X, p.Y, p.Fold); v != nil {
		return v
	}
	if v := pairHolds(canon, x, y, fold); v != nil {
		return v
	}
	cx, ex := canon(x, fold)
	cy, ey := canon(y, fold)
	eq := bound.Constraint{Op: bound.OpEq, Value: bound.String(x)}
	if got, want := bound.NewAdmitter(eq, bound.ModeHierarchical, fold).Admits(bound.String(y)), ex == nil && ey == nil && cx == cy; got != want {
		return violated("ArgumentCanonicalizationMatchesResolver", "admits-differs",
			"fold %v: bound.Admitter({eq %q}).Admits(%q) = %v, but canon gives %q, %v and %q, %v", fold, x, y, got, cx, ex, cy, ey)
	}
	return nil
}

// pairHolds checks one pair under one folding.
func pairHolds(canon PathCanonicalizer, x, y string, fold bool) *Violation {
	const name = "ArgumentCanonicalizationMatchesResolver"
	cx, v := oneHolds(canon, x, fold)
	if v != nil {
		return v
	}
	cy, v := oneHolds(canon, y, fold)
	if v != nil {
		return v
	}
	mx, ex := resolvePath(x, fold)
	my, ey := resolvePath(y, fold)
	if errors.Is(ex, errOutOfScope) || errors.Is(ey, errOutOfScope) || cx == nil || cy == nil {
		return nil
	}
	sameCanon, sameModel := *cx == *cy, ex == nil && ey == nil && mx == my
	if sameCanon != sameModel {
		class := "collapsed"
		if sameModel {
			class = "split"
		}
		return violated(name, class, "fold %v: canon(%q) = %q, canon(%q) = %q; the model resolves them to %q (%v) and %q (%v)",
			fold, x, *cx, y, *cy, mx, ex, my, ey)
	}
	return nil
}

// oneHolds checks one value and returns its canonical form (nil if
// refused).
func oneHolds(canon PathCanonicalizer, v string, fold bool) (*string, *Violation) {
	const name = "ArgumentCanonicalizationMatchesResolver"
	c, err := canon(v, fold)
	m, merr := resolvePath(v, fold)
	inScope := !errors.Is(merr, errOutOfScope)
	if err != nil {
		if inScope && merr == nil {
			return nil, violated(name, "refuses-resolvable", "fold %v: canon(%q) refuses (%v), but the model resolves it to %q", fold, v, err, m)
		}
		return nil, nil
	}
	if again, err := canon(c, fold); err != nil || again != c {
		return nil, violated(name, "not-idempotent", "fold %v: canon(%q) = %q, canon of that = %q, %v", fold, v, c, again, err)
	}
	if keepsDotDot(c) {
		return nil, violated(name, "keeps-dot-dot", "fold %v: canon(%q) = %q", fold, v, c)
	}
	if class, detail := structureMoved(v, c, fold); class != "" {
		return nil, violated(name, class, "fold %v: canon(%q) = %q: %s", fold, v, c, detail)
	}
	if strings.HasPrefix(c, "/") != strings.HasPrefix(v, "/") && inScope {
		return nil, violated(name, "moved-root", "fold %v: canon(%q) = %q", fold, v, c)
	}
	if inScope && merr != nil {
		return nil, violated(name, "resolves-unresolvable", "fold %v: canon(%q) = %q, but the model cannot resolve it: %v", fold, v, c, merr)
	}
	return &c, nil
}
