package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// FuzzArgumentCanonicalization (fuzz/bound): two values share bound's
// canonical form exactly when the reference resolver
// (fuzz/property/argcanon_resolver.go) gives them one resource.
var _ = register(Target{
	Name: "FuzzArgumentCanonicalization", Stub: "fuzz/bound/argcanon_test.go",
	Property: "ArgumentCanonicalizationMatchesResolver",
	Checks:   "two values share a canonical form exactly when the reference resolver gives them one resource",
	Input:    "generator bytes (gen.GeneratePathPair), two strings, folding",
	Oracles:  []string{"resolvePath (argcanon_resolver.go)", "bound.Admitter"},
	Seeds: []seeds.Seed{
		pathPair("", "/srv/acme/x/a.txt", "/srv/acme/./x//q/../a.txt/", false, "dot segments and doubled and trailing slashes"),
		pathPair("\x01", "/srv/caf\u00e9/b", "/srv/cafe%CC%81/b", false, "NFC against percent-encoded NFD"),
		pathPair("\x02", "/srv/acme/%61", "/srv/acme/%2561", false, "an unreserved byte encoded once and twice"),
		pathPair("\x03", "/srv/acme/x", "/srv/acme/x%2F..%2F..", false, "an encoded separator: refused"),
		pathPair("\x04", "/srv/acme", "/srv/acme/x/%2e%2e", false, "an encoded dot segment: refused"),
		pathPair("\x05", "acme/app", "acme/app/../../..", false, "a relative path climbing above its root: refused"),
		pathPair("\x06", "/srv/ACME/Readme", "/srv/acme/readme", true, "equal under case folding"),
		pathPair("\x07", "/srv/acme/a", "/srv/acme/b", false, "a different segment"),
		pathPair("\x08", "/srv/a+b@c=d;e", "/srv/a%2Bb%40c%3dd%3Be", false, "reserved bytes percent-encoded in a segment"),
		pathPair("\x09", "/", "/./", false, "the root"),
		pathPair("\x0a", "/srv/acme/x%00", "/srv/acme/x\\..", false, "a NUL and a backslash: refused"),
		pathPair("\x0b", "/srv/\uabbc", "/srv/\u13ec", true, "a Cherokee small letter and its capital: one resource under folding, which x/text folds back and forth"),
		pathPair("\x0c", "./ab:c", "x/../ab:c?q", false, "dot segments before a segment with ':', whose canonical form would read as a scheme: refused, never emptied"),
		pathPair("\x0d", "C:/srv/x/..", "C:/..", false, "a drive letter is a root: kept, and a '..' above it refused"),
		pathPair("\x0e", "/h/x", "//h/x", false, "a leading '//', a network location: refused, not collapsed to the local path"),
		pathPair("\x0f", "/srv/J\u0301", "/srv/%254A%CC%81", false, "NFC between decoding rounds composes a hex digit away ('%4A' and U+0301 to '%4\u00c1'): refused"),
	},
	Planted: []Variant{
		{Fault: "path normalized before percent-decoding", Impl: planted.CanonNormalizeThenDecode, Efficacy: true},
		{Fault: "a path's root resolved as a segment", Impl: planted.CanonRootAsSegment},
	},
}, onFourArgs(property.BoundPath, property.ArgumentCanonicalizationMatchesResolver))

// pathPair is a seed of generator bytes and two paths, named by what it
// probes.
func pathPair(data, x, y string, fold bool, probe string) seeds.Seed {
	return seeds.Of(probe, probe, []byte(data), x, y, fold)
}
