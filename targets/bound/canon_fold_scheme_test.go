package bound

import "testing"

// Found by the structure oracle of the canonicalization properties
// (fuzz/property/argcanon_structure.go, structureMoved): case folding
// turns some characters no scheme may hold into ASCII letters (U+00DF to
// "ss", U+017F to "s", U+FB00 to "ff"), so the relative path "ß:x" folded
// to "ss:x", which RFC 3986 section 3.1 and canonHierarchical read as the
// scheme "ss": under folding, {"eq": "ss:x"} admitted the file "ß:x".
// Such a value is refused under folding, as a value whose dot segments
// leave a scheme first is (findings/spec/canon-encoded-delimiter.md); an
// ASCII scheme folds and stays one, and without folding the path stays a
// path.
func TestFoldMakesNoScheme(t *testing.T) {
	for _, v := range []string{"ß:x", "aſ:x", "\ufb00:/x", "./ß:x", "ß%3Ax"} {
		if c, err := canonString(v, ModeHierarchical, true); err == nil {
			t.Errorf("canon(%q) folded = %q; want a refusal, its fold reads as a scheme", v, c)
		}
	}
	for _, c := range []struct {
		in   string
		fold bool
		want string
	}{
		{"ß:x", false, "ß:x"},
		{"HTTP://H/A", true, "http://h/a"},
		{"/srv/ß:x", true, "/srv/ss:x"},
		{"/srv/Straße", true, "/srv/strasse"},
	} {
		if got, err := canonString(c.in, ModeHierarchical, c.fold); err != nil || got != c.want {
			t.Errorf("canon(%q, fold %v) = %q, %v; want %q", c.in, c.fold, got, err, c.want)
		}
	}
}
