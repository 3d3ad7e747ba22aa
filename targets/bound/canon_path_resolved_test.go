package bound

import "testing"

// resolved is a shortcut of walkSegments: every path it passes, walked,
// is itself, with no error. Every path of up to five pieces from an
// alphabet of separators, dots, percent-encodings, NUL and backslash is
// tried, and the shortcut must pass the plain ones.
func TestResolvedPathsWalkToThemselves(t *testing.T) {
	pieces := []string{"/", ".", "..", "a", "é", "%2e", "%2F", "%", "\\", "\x00", "?", "//"}
	var paths []string
	var build func(prefix string, n int)
	build = func(prefix string, n int) {
		if prefix != "" {
			paths = append(paths, prefix)
		}
		if n == 0 {
			return
		}
		for _, p := range pieces {
			build(prefix+p, n-1)
		}
	}
	build("", 5)
	passed := 0
	for _, p := range paths {
		if !resolved(p) {
			continue
		}
		passed++
		if got, err := walkSegments(p); got != p || err != nil {
			t.Errorf("resolved(%q), but it walks to %q, %v", p, got, err)
		}
	}
	for _, p := range []string{"a", "/a", "/srv/acme/docs/README.md", "a/b", "/é/..a/a.", "/?/a"} {
		if !resolved(p) {
			t.Errorf("resolved(%q) is false", p)
		}
	}
	if passed == 0 {
		t.Fatal("no path passed the shortcut")
	}
	t.Logf("%d of %d paths resolved without a walk", passed, len(paths))
}
