package spec

import (
	"fmt"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// FuzzArgumentCanonicalizationIdempotent (fuzz/bound): bound's argument
// canonicalization keeps its own output, on a string and on the two paths
// gen.GeneratePathPair makes of the same bytes.
var _ = register(Target{
	Name: "FuzzArgumentCanonicalizationIdempotent", Stub: "fuzz/bound/argcanon_test.go",
	Checks: "argument canonicalization accepts and keeps its own output, typed refusals, no '..' left, no NUL accepted",
	Input:  "a string, folding, and the two paths gen.GeneratePathPair makes of the string as generator bytes",
	Params: []property.Param{property.String, property.Bool},
	Seeds: []seeds.Seed{
		seeds.Of("climb-above-root", "section 3.2.2: /repo/../../etc/passwd climbs above its root", "/repo/../../etc/passwd", false),
		seeds.Of("dot-segments", "dot segments and repeated separators", "/srv/./acme//app/", false),
		seeds.Of("double-encoded", "percent-encoding decoded to a fixed point", "/srv/%252e%252e/x", false),
		seeds.Of("encoded-line-break-in-fragment", "0#%0A: a fragment holding a line break once decoded, read as one by the structure oracle (found by make campaign, 2026-12-06)", "0#%0A", false),
		seeds.Of("nfd", "NFD input normalized to NFC", "/srv/e\u0301", false),
		seeds.Of("bad-utf8-after-decoding", "%ff decodes to a byte that is not UTF-8", "/srv/%ff", false),
		seeds.Of("dots-and-slashes-folded", "dot segments, doubled and trailing slashes, folded", "/srv/./a/../b//", true),
		seeds.Of("encoded-dots", "an encoded .. twice encoded", "%252e%252e/x", false),
		seeds.Of("nfd-encoded", "NFD written percent-encoded", "cafe%CC%81", true),
		seeds.Of("climb-relative", "a relative path that climbs", "a/..", false),
		seeds.Of("uri", "a URI with a dot segment and a query", "https://h/a/./b?x", true),
		seeds.Of("titlecase-folded", "a titlecase digraph, raw and encoded, folded", "ǅ%C7%85", true),
		seeds.Of("kelvin", "K, which the Kelvin sign folds to", "K", true),
		seeds.Of("encoded-fragment", "an encoded '#': a name before decoding, a fragment after", "%23", false),
		seeds.Of("encoded-scheme", "an encoded ':' that makes a scheme", "ab%3Ac", false),
		seeds.Of("fold-makes-scheme", "a path whose case folding would make a scheme (ß to ss): refused under folding", "ß:x", true),
		seeds.Of("colon-after-dots", "dot segments that leave a segment with ':' first, then a fragment: refused, never emptied", "x/../ab:c#f", false),
		seeds.Of("cherokee-folded", "a Cherokee capital, folded: x/text folds it to the small letter and back", "\u13ec", true),
		seeds.Of("nul-in-a-name", "a NUL before a suffix a glob reads (/etc/passwd\\x00.txt): refused under both readings, the plain one too", "/etc/passwd\x00.txt", false),
	},
	Planted: []Variant{
		{Fault: "percent-decoded once, not to a fixed point", Impl: planted.CanonDecodesOnce, Efficacy: true},
	},
}, Checked[property.ArgCanonicalizer]{
	Real: bound.CanonicalizeString,
	Check: func(c property.ArgCanonicalizer, in property.Input) *property.Violation {
		return rawThenGenerated(foldedPath{in.Str(0), in.Bool(1)},
			func(p foldedPath) *property.Violation {
				return property.ArgumentCanonicalizationIdempotent(c, p.path, p.fold)
			},
			func(p foldedPath) []foldedPath {
				pair := gen.GeneratePathPair([]byte(p.path))
				return []foldedPath{{pair.X, pair.Fold}, {pair.Y, pair.Fold}}
			},
			func(p foldedPath) string { return fmt.Sprintf("path %q, folding %v", p.path, p.fold) })
	},
})

// foldedPath is a path and whether it is read case-folded.
type foldedPath struct {
	path string
	fold bool
}
