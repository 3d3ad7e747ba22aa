package gen

import (
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// QueryPathProbe is a reading of the bound language, a hierarchical string
// that holds a '?' or a '#', and a one-hop provenance object whose one
// rule is {"eq": Value} on the argument path of read_file, with the params
// of a call of read_file whose path is Value.
type QueryPathProbe struct {
	Reading    bound.Reading
	Fold       bool
	Value      string
	Provenance []byte
	Params     []byte
}

// queryPathNames are the names a probe's value starts with: absolute,
// relative, the root.
var queryPathNames = []string{"/srv/acme", "acme/app", "/", "x", "/srv/café"}

// queryPathSteps come between the name and the '?' or '#': a dot
// segment, an empty segment, or nothing (a name before the delimiter).
var queryPathSteps = []string{"/..", "/.", "/", "", "/x/.."}

// queryPathTails are the query and fragment: with and without a '/'
// after the delimiter, never a "..", so that no reading climbs.
var queryPathTails = []string{"?x", "#x", "?x#y", "?a/b", "#a/b", "?"}

// GenerateQueryPathReading turns data into a QueryPathProbe: a reading
// whose each open point is one of its documented choices and whose
// hardening bits are drawn as one byte (HardenQueryInPath, the bit
// findings/spec/canon-query-in-path.md names, in half the draws), and a
// value written as a name, a step and a tail: "/srv/acme/..?x",
// "/srv/acme/..#x", "acme/app?x". The value holds no '%', '\' or NUL,
// and a "..": under every reading it canonicalizes unless a hardening
// layer refuses it. It never fails.
func GenerateQueryPathReading(data []byte) QueryPathProbe {
	s := newSource(data)
	p := QueryPathProbe{Reading: bound.Reading{
		Undeclared: bound.Mode(s.intn(3)),
		Prefix:     bound.PrefixReading(s.intn(2)),
		EmptyAnd:   bound.EmptyAndReading(s.intn(2)),
		JSON:       bound.JSONReading(s.intn(3)),
		Harden:     bound.Hardening(s.intn(int(bound.HardenAll) + 1)),
	}}
	p.Fold = s.bool()
	p.Value = queryPathNames[s.intn(len(queryPathNames))] + queryPathSteps[s.intn(len(queryPathSteps))] + queryPathTails[s.intn(len(queryPathTails))]
	var prov *bound.Provenance
	prov = prov.Extend("host", bound.Bound{{Tool: probeTool, Args: map[string]bound.Constraint{
		"path": {Op: bound.OpEq, Value: bound.String(p.Value)},
	}}})
	p.Provenance, _ = prov.MarshalJSON()
	p.Params = callParams(jsonQuote(p.Value))
	return p
}
