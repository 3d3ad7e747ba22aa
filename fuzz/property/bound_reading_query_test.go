package property

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// A reading that drops HardenQueryInPath (as the refusal returned as
// success, Reading.canonString#1:ReturnSuccess, does: both sides of the eq
// canonicalize to "") is reported on "/srv/acme/..?x" and "/srv/acme/..#x";
// one that refuses every value with a query is reported on a value both
// readings agree on; the reading itself is reported on neither.
func TestReadingsRefuseAmbiguousQueryCanFail(t *testing.T) {
	layerDropped := func(r bound.Reading, prov, params []byte, c bound.Canon) bound.Decision {
		r.Harden &^= bound.HardenQueryInPath
		return r.CheckLayered(prov, params, c)
	}
	rootDropped := func(r bound.Reading, prov, params []byte, c bound.Canon) bound.Decision {
		r.Harden &^= bound.HardenPathRoot
		return r.CheckLayered(prov, params, c)
	}
	refusesAll := func(bound.Reading, []byte, []byte, bound.Canon) bound.Decision { return bound.Decision{} }
	dotQuery, dotFragment := []byte{0, 0, 0, 0, 2, 0, 0, 0, 0}, []byte{0, 0, 0, 0, 2, 0, 0, 0, 1}
	nameQuery := []byte{0, 0, 0, 0, 2, 0, 1, 3, 0}
	// "//..?x" under encoded-structure and path-root, the input the
	// campaign found on 2026-12-05 when the property did not know the
	// path-root layer; "//?x" under path-root alone.
	networkDotQuery, networkQuery := []byte("0000A09"), []byte{0, 0, 0, 0, 0x40, 0, 2, 2, 0}
	for _, c := range []struct {
		name  string
		check ReadingChecker
		data  []byte
		class string
	}{
		{"layer dropped, ..?x", layerDropped, dotQuery, "reading:ambiguous-query-admitted"},
		{"layer dropped, ..#x", layerDropped, dotFragment, "reading:ambiguous-query-admitted"},
		{"refuses all, app?x", refusesAll, nameQuery, "reading:query-refused"},
		{"reading, ..?x", bound.Reading.CheckLayered, dotQuery, ""},
		{"reading, ..#x", bound.Reading.CheckLayered, dotFragment, ""},
		{"reading, app?x", bound.Reading.CheckLayered, nameQuery, ""},
		{"reading, //..?x", bound.Reading.CheckLayered, networkDotQuery, ""},
		{"reading, //?x", bound.Reading.CheckLayered, networkQuery, ""},
		{"path-root dropped, //..?x", rootDropped, networkDotQuery, "reading:network-path-admitted"},
		{"path-root dropped, //?x", rootDropped, networkQuery, "reading:network-path-admitted"},
	} {
		class := ""
		if v := ReadingsRefuseAmbiguousQuery(c.check, c.data); v != nil {
			class = v.Class
		}
		if class != c.class {
			t.Errorf("%s: class %q, want %q", c.name, class, c.class)
		}
	}
}

// queryAmbiguous is the finding's rule on its own examples.
func TestQueryAmbiguous(t *testing.T) {
	for v, want := range map[string]bool{
		"/srv/acme/..?x": true, "/srv/acme/..#x": true, "/srv/acme/x?/../../../etc": true,
		"/srv/acme/.?x": true, "/srv/acme/?x": true, "/srv/acme/x?y": false, "/srv/acme/x#y": false, "/srv/acme/x": false,
	} {
		if got := queryAmbiguous(v); got != want {
			t.Errorf("queryAmbiguous(%q) = %v, want %v", v, got, want)
		}
	}
}

// networkPath is the path-root finding's rule on the probes' values.
func TestNetworkPath(t *testing.T) {
	for v, want := range map[string]bool{"//..?x": true, "//?x": true, "//h/x": true, "/srv/acme/..?x": false, "/?x": false, "x//y?x": false} {
		if got := networkPath(v); got != want {
			t.Errorf("networkPath(%q) = %v, want %v", v, got, want)
		}
	}
}
