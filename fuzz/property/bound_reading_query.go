package property

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ReadingsRefuseAmbiguousQuery, on the probe gen.GenerateQueryPathReading
// makes of data: a call whose hierarchical argument holds a '?' or '#' is
// admitted by the rule {"eq": the same value} exactly when the reading
// can canonicalize the value, and it can unless its HardenQueryInPath
// layer refuses it. The layer refuses, by queryAmbiguous (the rule of
// findings/spec/canon-query-in-path.md, written here from the finding, not
// from targets/bound), a value the two readings of SEP-3246 section 3.2.2
// step 3 read as different directories. Class reading:ambiguous-query-admitted
// when the layer is on and the call is admitted ("/srv/acme/..?x"
// canonicalized to "" on both sides admits: the refusal returned as
// success); reading:query-refused when it is admitted by no reading that
// should (the layer off, or a value both readings agree on). The probes'
// values may begin with "//" (the name "/" and the step "/"), which the
// HardenPathRoot layer refuses by findings/spec/canon-path-root.md
// whatever follows: class reading:network-path-admitted when such a value
// is admitted under that layer.
func ReadingsRefuseAmbiguousQuery(check ReadingChecker, data []byte) *Violation {
	const name = "ReadingsRefuseAmbiguousQuery"
	p := gen.GenerateQueryPathReading(data)
	c := bound.Canon{Schemas: bound.Schemas{"read_file": {"path": bound.ModeHierarchical}}, Fold: p.Fold}
	d := check(p.Reading, p.Provenance, p.Params, c)
	query := p.Reading.Harden&bound.HardenQueryInPath != 0 && queryAmbiguous(p.Value)
	root := p.Reading.Harden&bound.HardenPathRoot != 0 && networkPath(p.Value)
	switch {
	case query && d.Admit:
		return violated(name, "reading:ambiguous-query-admitted", "%v, fold %v: {\"eq\": %q} admits its own value, which the query-in-path layer refuses: %s", p.Reading, p.Fold, p.Value, d.Reason)
	case root && d.Admit:
		return violated(name, "reading:network-path-admitted", "%v, fold %v: {\"eq\": %q} admits its own value, which the path-root layer refuses: %s", p.Reading, p.Fold, p.Value, d.Reason)
	case !query && !root && !d.Admit:
		return violated(name, "reading:query-refused", "%v, fold %v: {\"eq\": %q} does not admit its own value: %s", p.Reading, p.Fold, p.Value, d.Reason)
	}
	return nil
}

// queryAmbiguous is the rule of findings/spec/canon-query-in-path.md: a
// value without scheme and authority that holds a '?' or '#' names the
// same directories as a file path and as a URI reference only when
// nothing after the first '?' or '#' holds '/' and the segment before it
// is a name, not empty, "." or "..". The probes' values have no scheme.
func queryAmbiguous(v string) bool {
	i := strings.IndexAny(v, "?#")
	if i < 0 {
		return false
	}
	path, after := v[:i], v[i:]
	last := path[strings.LastIndex(path, "/")+1:]
	return strings.Contains(after, "/") || last == "" || last == "." || last == ".."
}

// networkPath is the rule of findings/spec/canon-path-root.md for a value
// without a scheme: a leading "//" is a network location to Windows and an
// authority to a URI reader, no local path, and is refused. The probes'
// values hold no backslash and no drive letter.
func networkPath(v string) bool { return strings.HasPrefix(v, "//") }
