package property

import (
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// TestReadStructure reads RFC 3986's own examples (section 1.1.2, 4.2)
// and the two readings bound documents for file paths: a one-letter
// scheme is a drive letter (the value's drive), and "//" starts an
// authority only after a scheme.
func TestReadStructure(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uriStructure
	}{
		{"foo://example.com:8042/over/there?name=ferret#nose", uriStructure{scheme: "foo", authority: "example.com:8042", hasAuthority: true, query: "name=ferret", hasQuery: true, fragment: "nose", hasFragment: true}},
		{"urn:example:animal:ferret:nose", uriStructure{scheme: "urn"}},
		{"./this:that", uriStructure{}},
		{"this:that", uriStructure{scheme: "this"}},
		{"C:/x?", uriStructure{hasQuery: true, drive: "C:"}},
		{"c:x", uriStructure{drive: "c:"}},
		{"./c:x", uriStructure{}},
		{"/c:x", uriStructure{}},
		{"//h/x#", uriStructure{hasFragment: true}},
		{"1ab:c", uriStructure{}},
		{"", uriStructure{}},
		// Line breaks are characters like any other to RFC 3986's
		// expression; "0#\n" once read as no structure at all (the
		// campaign of 2026-12-05: '.' matched no '\n').
		{"0#\n", uriStructure{fragment: "\n", hasFragment: true}},
		{"a?\r\nb#\n", uriStructure{query: "\r\nb", hasQuery: true, fragment: "\n", hasFragment: true}},
		{"ss:\n?x", uriStructure{scheme: "ss", query: "x", hasQuery: true}},
		{"ss://h\n/x#\u2028", uriStructure{scheme: "ss", authority: "h\n", hasAuthority: true, fragment: "\u2028", hasFragment: true}},
	} {
		if got := readStructure(c.in); got != c.want {
			t.Errorf("readStructure(%q) = %v, want %v", c.in, got, c.want)
		}
	}
}

// A canonicalization that accepts what bound refuses as "the canonical
// form reads as another scheme, authority, query or fragment" is reported
// by both canonicalization properties: returning "" (the refusal returned
// as success, canonHierarchical#6:ReturnSuccess) as emptied, returning the
// resolved form (the check dropped) as another-structure. So is one that
// decodes a '?' into the path. Bound itself passes on every value.
func TestStructureMovedCanFail(t *testing.T) {
	refusedAs := func(with func(v, c string) string) PathCanonicalizer {
		return func(s string, fold bool) (string, error) {
			c, err := BoundPath(s, fold)
			if err != nil && strings.Contains(err.Error(), "reads as another scheme") {
				return with(s, c), nil
			}
			return c, err
		}
	}
	emptied := refusedAs(func(string, string) string { return "" })
	resolved := refusedAs(func(v, _ string) string {
		return strings.TrimPrefix(strings.TrimPrefix(v, "x/../"), "./")
	})
	queryDecoded := func(s string, fold bool) (string, error) {
		if s == "/srv/a%3Fb" {
			return "/srv/a?b", nil
		}
		return BoundPath(s, fold)
	}
	for _, c := range []struct {
		canon PathCanonicalizer
		v     string
		class string
	}{
		{emptied, "./ab:c", "emptied"},
		{emptied, "x/../ab:c?q", "emptied"},
		{resolved, "./ab:c", "another-structure"},
		{resolved, "x/../ab:c#f", "another-structure"},
		{queryDecoded, "/srv/a%3Fb", "another-structure"},
		{BoundPath, "./ab:c", ""},
		{BoundPath, "ab%3Ac", ""},
		{BoundPath, "https://h/a/./b?x%2541#f", ""},
		{BoundPath, "./a:b", ""},
	} {
		class := ""
		if v := ArgumentCanonicalizationMatchesResolver(c.canon, nil, c.v, "/srv", false); v != nil {
			class = strings.TrimPrefix(v.Class, "ArgumentCanonicalizationMatchesResolver:")
		}
		if class != c.class {
			t.Errorf("%q: class %q, want %q", c.v, class, c.class)
		}
		var idem ArgCanonicalizer = func(s string, m bound.Mode, fold bool) (string, error) {
			if m == bound.ModeHierarchical {
				return c.canon(s, fold)
			}
			return bound.CanonicalizeString(s, m, fold)
		}
		class = ""
		if v := ArgumentCanonicalizationIdempotent(idem, c.v, false); v != nil {
			class = v.Class
		}
		if want := "hierarchical:" + c.class; class != want && (c.class != "" || class != "") {
			t.Errorf("%q idempotent: class %q, want %q", c.v, class, want)
		}
	}
}

// keepsDotDot reads the path only: a ".." host is an authority, and a
// ".." after a '?' is query text; a ".." path segment is kept.
func TestKeepsDotDotReadsThePathOnly(t *testing.T) {
	for c, want := range map[string]bool{"fc://..": false, "fc://h/a/..": true, "/x?/..": false, "a/..": true, "C:/..": true, "./x": false} {
		if got := keepsDotDot(c); got != want {
			t.Errorf("keepsDotDot(%q) = %v, want %v", c, got, want)
		}
	}
}
