package bound

import "testing"

// TestFindingPathRoot pins findings/spec/canon-path-root.md: the root of a
// value without a scheme, a drive letter or a leading "//", is never
// resolved as a segment.
func TestFindingPathRoot(t *testing.T) {
	for _, c := range []struct {
		in   string
		fold bool
		want string // "" for a refusal
	}{
		{"C:/..", false, ""},      // climbs above drive C's root
		{"C:..", false, ""},       // and above its current directory
		{"C:/x/..", false, "C:/"}, // was "."
		{"C:x/..", false, "C:"},   // was "."
		{"C:/", false, "C:/"},     // was "C:", the current directory
		{"C:/x/../y//z/", true, "c:/y/z"},
		{"C://x", false, "C:/x"},
		{"//h/x", false, ""}, // was the local "/h/x"
		{"///x", false, ""},
		{"./c:x", false, ""}, // was "c:x", drive C's x
		{"a/../c:x", false, ""},
		{"c%3Ax", false, ""},
		{"\u017f:x", true, ""},          // folds to the drive "s:"
		{"\u017f:x", false, "\u017f:x"}, // a file name without folding
		{"/srv/c:x", false, "/srv/c:x"},
		{"c:x", false, "c:x"},
	} {
		got, err := canonString(c.in, ModeHierarchical, c.fold)
		if c.want == "" {
			if err == nil {
				t.Errorf("canon(%q, fold %v) = %q; want a refusal", c.in, c.fold, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("canon(%q, fold %v) = %q, %v; want %q", c.in, c.fold, got, err, c.want)
		}
	}
	for _, c := range []struct{ op, operand, call string }{
		{"eq", ".", "C:/.."},
		{"eq", ".", "C:/x/.."},
		{"prefix", "/h/", "//h/x"},
		{"eq", "./c:x", "c:x"},
	} {
		k := Constraint{Op: Op(c.op), Operand: c.operand}
		if c.op == "eq" {
			k = Constraint{Op: OpEq, Value: String(c.operand)}
		}
		if NewAdmitter(k, ModeHierarchical, false).Admits(String(c.call)) {
			t.Errorf("{%q: %q} admits %q under another root", c.op, c.operand, c.call)
		}
	}
}
