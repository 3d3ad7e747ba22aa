package bound

import (
	"strings"
	"sync"

	"golang.org/x/text/cases"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// foldCase is the case folding of SEP-3246 section 3.2.2 ("MUST case-fold
// both operands"): Unicode full case folding (CaseFolding.txt, statuses C
// and F) as golang.org/x/text/cases.Fold gives it, NFC again after it,
// and made a fixed point where x/text is not one. x/text folds the
// Cherokee small letters to the capitals, as CaseFolding.txt says, and
// then folds the capitals back to the small letters, which CaseFolding.txt
// does not say (it has no entry for U+13A0..U+13F5), so that folding twice
// undid the first fold: "ꮼ" folded to "Ꮼ" and "Ꮼ" to "ꮼ", and the
// canonical form of a value was not its own canonical form (found by
// FuzzArgumentCanonicalization in the nightly-sized campaign; docs/FINDINGS.md).
// TestFoldIsAFixedPointOnEveryRune holds every rune to it.
func foldCase(s string) string {
	if folded, ascii := foldASCII(s); ascii {
		return folded
	}
	f := folders.Get().(*folder)
	folded := f.fold(s)
	folders.Put(f)
	return norm.NFC.String(strings.Map(cherokeeCapital, folded))
}

// folder is a case folder and the buffers it folds in: a cases.Caser
// keeps state between calls and must not be shared by goroutines at once,
// and its String allocates a 256-byte buffer a call (x/text's
// transform.String), which was most of what a chain of non-ASCII in lists
// cost a check (issue 20). Folded into buffers kept between calls, a
// string costs one allocation of its folded size, or none when folding
// leaves it as it is.
type folder struct {
	caser    cases.Caser
	src, dst []byte
}

// maxFolderBuffer is the largest buffer a folder keeps: a 1 MB argument is
// folded once, and its buffers are not held by the pool after.
const maxFolderBuffer = 64 << 10

func (f *folder) fold(s string) string {
	f.src = append(f.src[:0], s...)
	dst, _, err := transform.Append(&f.caser, f.dst[:0], f.src)
	folded := s
	switch {
	case err != nil:
		folded = f.caser.String(s) // what x/text folds when it cannot append
	case string(dst) != s:
		folded = string(dst)
	}
	f.dst = dst
	if cap(f.src) > maxFolderBuffer || cap(f.dst) > maxFolderBuffer {
		f.src, f.dst = nil, nil
	}
	return folded
}

var folders = sync.Pool{New: func() any { return &folder{caser: cases.Fold()} }}

// cherokeeCapital undoes x/text's fold of a Cherokee capital to its small
// letter: U+AB70..U+ABBF are the small letters of U+13A0..U+13EF, and
// U+13F8..U+13FD of U+13F0..U+13F5.
func cherokeeCapital(r rune) rune {
	switch {
	case 0xAB70 <= r && r <= 0xABBF:
		return r - 0xAB70 + 0x13A0
	case 0x13F8 <= r && r <= 0x13FD:
		return r - 8
	}
	return r
}

// foldASCII folds a string of ASCII characters as full case folding does
// (CaseFolding.txt maps only 'A'..'Z' among them, to 'a'..'z', and NFC
// changes none), without a Caser: a string with no capital is returned as
// it is. ascii is false for any other string.
func foldASCII(s string) (folded string, ascii bool) {
	capitals := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80:
			return "", false
		case 'A' <= c && c <= 'Z':
			capitals = true
		}
	}
	if !capitals {
		return s, true
	}
	return strings.ToLower(s), true
}
