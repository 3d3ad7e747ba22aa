package bound

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The ASCII fast paths of canonicalization (isASCII, nfcOf, indexAnyByte,
// resolved's loop) answer as the library code they stand in for, on
// every byte alone, at the ASCII boundary, and on paths with each
// delimiter in each place.
func TestASCIIFastPathsAsTheLibrary(t *testing.T) {
	var texts []string
	for c := range 0x100 {
		b := string([]byte{byte(c)})
		texts = append(texts, b, "/srv/"+b, b+"/x", "a"+b+"b", "/a/"+b+"/b/")
	}
	texts = append(texts, "", "/", "//", "/.", "/..", "./", "a//b", "/srv/acme/README", "/srv/./x", "/srv/../x",
		"e\u0301", "/caf\u00e9", "/cafe\u0301", "\u212b", "\xff", "/a\xc3", "\xed\xa0\x80", "/%41", "/a?b#c", "a%2F",
		"C:/x", "http://h/p?q#f", strings.Repeat("a", 100)+"\u0301", strings.Repeat("/x", 40), strings.Repeat("/ab", 100)+"?", strings.Repeat("/ab", 100)+"//", strings.Repeat("/ab", 100)+"%")
	for _, s := range texts {
		ascii := true
		for _, r := range s {
			if r >= utf8.RuneSelf || !utf8.ValidString(s) {
				ascii = false
			}
		}
		if got := isASCII(s); got != ascii {
			t.Errorf("isASCII(%q) = %v, want %v", s, got, ascii)
		}
		if utf8.ValidString(s) {
			if got, want := nfcOf(s), norm.NFC.String(s); got != want {
				t.Errorf("nfcOf(%q) = %q, want %q", s, got, want)
			}
		}
		for _, set := range []string{"?#", "/?#", "%\\\x00", "/\\"} {
			if got, want := indexAnyByte(s, set), strings.IndexAny(s, set); got != want {
				t.Errorf("indexAnyByte(%q, %q) = %d, want %d", s, set, got, want)
			}
		}
		if got, want := resolved(s), resolvedByCut(s); got != want {
			t.Errorf("resolved(%q) = %v, want %v", s, got, want)
		}
	}
}

// resolvedByCut is resolved as it was written before its loop read the
// bytes itself: strings.ContainsAny and strings.Cut.
func resolvedByCut(path string) bool {
	if strings.ContainsAny(path, "%\\\x00") {
		return false
	}
	rest := strings.TrimPrefix(path, "/")
	for {
		seg, after, more := strings.Cut(rest, "/")
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
		if !more {
			return true
		}
		rest = after
	}
}
