package bound

import (
	"strings"
	"testing"

	"golang.org/x/text/cases"
)

// A folder folds into its buffers what cases.Caser.String folds: strings
// that fold longer (ß to ss) or not at all, runes across x/text's 128-byte
// chunks, one folder reused from long to short, and a string past the
// buffers a folder keeps.
func TestFolderIsCasesFold(t *testing.T) {
	f := &folder{caser: cases.Fold()}
	for _, s := range []string{
		"", "é", "É", "/srv/Acmé/a1", "STRASSE ß ẞ", "ΣΑΣ ς", "İı", "ﬃ", "Ꭰꭰ",
		strings.Repeat("Aé", 100), strings.Repeat("x", 127) + "É", strings.Repeat("ß", 300),
		"already folded é", strings.Repeat("Ǆ", maxFolderBuffer),
	} {
		if got, want := f.fold(s), cases.Fold().String(s); got != want {
			t.Errorf("fold(%.40q) = %.40q (%d bytes), cases.Fold gives %.40q (%d)", s, got, len(got), want, len(want))
		}
	}
	if f.src != nil || f.dst != nil {
		t.Errorf("a folder keeps buffers of %d and %d bytes after a string of %d", cap(f.src), cap(f.dst), 2*maxFolderBuffer)
	}
	// Folding a string folding leaves as it is costs nothing, and one that
	// it changes one allocation.
	f.fold("É")
	if n := testing.AllocsPerRun(10, func() { f.fold("/srv/acmé/a1") }); n != 0 {
		t.Errorf("folding a folded string allocates %v times", n)
	}
	if n := testing.AllocsPerRun(10, func() { f.fold("/srv/Acmé/a1") }); n != 1 {
		t.Errorf("folding a string allocates %v times, want once", n)
	}
}
