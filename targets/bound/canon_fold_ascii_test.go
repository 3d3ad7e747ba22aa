package bound

import (
	"strings"
	"testing"

	"golang.org/x/text/cases"
)

// foldASCII is x/text's full case folding on every ASCII string: each
// character alone and a string of all of them.
func TestFoldASCIIIsCasesFold(t *testing.T) {
	var all strings.Builder
	for c := range 0x80 {
		all.WriteByte(byte(c))
		checkFoldASCII(t, string(rune(c)))
	}
	checkFoldASCII(t, all.String())
	checkFoldASCII(t, "/Srv/ACME/a1")
	if _, ascii := foldASCII("é"); ascii {
		t.Error("foldASCII took a string that is not ASCII")
	}
}

func checkFoldASCII(t *testing.T, s string) {
	t.Helper()
	got, ascii := foldASCII(s)
	if want := cases.Fold().String(s); !ascii || got != want {
		t.Errorf("foldASCII(%q) = %q, %v; cases.Fold gives %q", s, got, ascii, want)
	}
}
