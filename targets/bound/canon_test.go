package bound

import (
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
)

func TestCanonHierarchical(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/srv/acme/./app", "/srv/acme/app"},
		{"/srv/acme/x/../app", "/srv/acme/app"},
		{"/srv//acme///app/", "/srv/acme/app"},
		{"/", "/"},
		{"", ""},
		{"a/b/..", "a"},
		{"a/..", "."},
		{"/srv/acme/file%2etxt", "/srv/acme/file.txt"},
		{"/srv/%2541", "/srv/A"},
		{"https://h/a?q=%41", "https://h/a?q=A"},
		{"cafe%CC%81", "café"}, // NFC again after decoding
		{"https://h.example/a/../b?q=/../x#f", "https://h.example/b?q=/../x#f"},
		{"file:///srv/./x", "file:///srv/x"},
		{"C:/x/../y", "C:/y"},
	} {
		got, err := canonString(c.in, ModeHierarchical, false)
		if err != nil || got != c.want {
			t.Errorf("canon(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

func TestCanonRefusals(t *testing.T) {
	for _, c := range []struct{ in, why string }{
		{"/srv/../..", "climbs above"},
		{"../x", "climbs above"},
		{"/srv/%2e%2e/%2e%2e", "dot segment"},
		{"/srv/acme/%2e%2e/%2e%2e/etc", "dot segment"},
		{"/srv/%252e%252e", "dot segment"},
		{"/srv/acme/b%2Fc/../../x", "separator"},
		{"/srv/acme/b%5Cc", "separator"},
		{`/srv/acme/..\..\etc`, "backslash"},
		{"https://h/a%3Fb", "query or fragment delimiter"},
		{"https://h/a?q=%26x", "delimiter in a query"},
		{"https://%68/a", "scheme or authority"},
		{"https://h/../x", "climbs above"},
		{"100%", "percent-encoded octet"},
		{"%zz", "percent-encoded octet"},
		{"%C3", "not UTF-8"},    // never U+FFFD
		{"%ff%fe", "not UTF-8"}, // never U+FFFD
		{"/a%00b", "NUL"},
		// Found by the campaign's FuzzArgumentCanonicalization: the NUL was
		// judged after ".." had removed its segment.
		{"/srv/ACME/Readme/q%00/..", "NUL"},
		{"%252525252541", "not stabilized"},
		// Found by a first `canonfuzz campaign --time 3s` (FuzzCanonIdempotent):
		// "%23" canonicalized to "#", which canonicalization then refuses.
		// Every encoded delimiter the canonical form would read as structure
		// (findings/spec/canon-encoded-delimiter.md).
		{"%23", "query or fragment delimiter"},
		{"%3F", "query or fragment delimiter"},
		{"x/%23/y", "query or fragment delimiter"},
		{"/srv/a%3Fb", "query or fragment delimiter"},
		{"/srv/%2523", "query or fragment delimiter"},
		{"ab%3Ac", "another scheme"},
		{"x/../ab%3Ac", "another scheme"},
		{"x/../ab:c", "another scheme"},
		{"a\xffb", "not UTF-8"},
	} {
		_, err := canonString(c.in, ModeHierarchical, false)
		var ce *CanonError
		if !errors.As(err, &ce) || !errors.Is(err, ErrNotCanonical) || !strings.Contains(ce.Reason, c.why) {
			t.Errorf("canon(%q): %v, want a refusal about %q", c.in, err, c.why)
		}
	}
}

func TestCanonDecodeBound(t *testing.T) {
	// MaxDecodeRounds levels of encoding decode; one more is refused.
	v := "A"
	for range MaxDecodeRounds {
		v = strings.ReplaceAll(v, "%", "%25")
		if v == "A" {
			v = "%41"
		}
	}
	if got, err := canonString(v, ModeHierarchical, false); err != nil || got != "A" {
		t.Errorf("%q: %q, %v; want A", v, got, err)
	}
	deeper := strings.ReplaceAll(v, "%", "%25")
	if _, err := canonString(deeper, ModeHierarchical, false); !errors.Is(err, ErrNotCanonical) {
		t.Errorf("%q: %v, want refused", deeper, err)
	}
}

func TestCanonPlainIsNFCOnly(t *testing.T) {
	got, err := canonString("e\u0301/../%41/", ModePlain, false)
	if err != nil || got != "é/../%41/" {
		t.Errorf("plain canon = %q, %v", got, err)
	}
}

func TestCanonFoldOffByDefault(t *testing.T) {
	var c Canon
	if c.Fold {
		t.Fatal("folding is on in the zero Canon")
	}
	a := Constraint{Op: OpEq, Value: String("Acme/App")}
	if Admits(a, String("acme/app"), ModePlain, false) {
		t.Error("case-sensitive comparison admitted a case variant")
	}
	if !Admits(a, String("acme/app"), ModePlain, true) {
		t.Error("folding did not admit a case variant")
	}
	g := Constraint{Op: OpGlob, Operand: "ACME/[A-C]*"}
	if !Admits(g, String("acme/bx"), ModeHierarchical, true) {
		t.Error("folded glob with a class did not admit a case variant")
	}
}

func TestCanonQueryInPath(t *testing.T) {
	for _, in := range []string{"/srv/acme/..?x", "/srv/acme/x?/../../../etc", "/srv/acme/?x", "/srv/acme/.#x", "a?b/c"} {
		if got, err := canonString(in, ModeHierarchical, false); !errors.Is(err, ErrNotCanonical) {
			t.Errorf("%q: %q, %v; want refused", in, got, err)
		}
	}
	for in, want := range map[string]string{"/srv/acme/x/../a?b": "/srv/acme/a?b", "/srv/a#frag": "/srv/a#frag"} {
		if got, err := canonString(in, ModeHierarchical, false); err != nil || got != want {
			t.Errorf("%q: %q, %v; want %q", in, got, err, want)
		}
	}
}

// CanonicalizeString is canonString for one reading; the dual reading is
// two judgements, not one string, and is refused.
func TestCanonicalizeStringExported(t *testing.T) {
	if got, err := CanonicalizeString("/srv/./acme//app/", ModeHierarchical, false); err != nil || got != "/srv/acme/app" {
		t.Errorf("hierarchical: %q, %v", got, err)
	}
	if got, err := CanonicalizeString("/srv/./x", ModePlain, false); err != nil || got != "/srv/./x" {
		t.Errorf("plain: %q, %v, want the NFC string unchanged", got, err)
	}
	if _, err := CanonicalizeString("/srv/x", ModeDual, false); !errors.Is(err, ErrNotCanonical) {
		t.Errorf("dual: %v, want ErrNotCanonical", err)
	}
}

// findings/spec/canon-encoded-delimiter.md
func TestFindingEncodedDelimiter(t *testing.T) {
	for _, v := range []string{"%23", "%3F", "/srv/a%3Fb", "/srv/%2523", "x/%23/y", "ab%3Ac", "x/../ab:c"} {
		if got, err := canonString(v, ModeHierarchical, false); err == nil {
			t.Errorf("%q canonicalizes to %q", v, got)
		}
	}
	eq := Constraint{Op: OpEq, Value: String("/srv/a?b")}
	if Admits(eq, String("/srv/a%3Fb"), ModeHierarchical, false) {
		t.Error("the encoded name a%3Fb equals the query ?b")
	}
	for _, v := range []string{"/srv/a?b", "ab:c", "/srv/a%41", "https://h/a:b"} {
		once, err := canonString(v, ModeHierarchical, false)
		if err != nil {
			t.Errorf("%q refused: %v", v, err)
			continue
		}
		if twice, err := canonString(once, ModeHierarchical, false); err != nil || twice != once {
			t.Errorf("%q: %q, then %q, %v", v, once, twice, err)
		}
	}
}

// Folding is a fixed point on every rune, alone and after a letter, under
// both readings: the canonical form of a folded value is itself.
func TestFoldIsAFixedPointOnEveryRune(t *testing.T) {
	bad := 0
	for r := rune(0); r <= unicode.MaxRune && bad < 10; r++ {
		if !utf8.ValidRune(r) || r == 0 || r == '\\' || r == '%' || r == '?' || r == '#' || r == ':' {
			continue
		}
		for _, s := range []string{string(r), "a" + string(r)} {
			once, err := canonString(s, ModePlain, true)
			if err != nil {
				continue
			}
			if twice, err := canonString(once, ModePlain, true); err != nil || twice != once {
				t.Errorf("U+%04X: fold %+q, then %+q, %v", r, once, twice, err)
				bad++
			}
		}
	}
}

// An incumbent behaviour of golang.org/x/text (docs/FINDINGS.md):
// cases.Fold folds a Cherokee capital to its small letter, though Unicode's
// CaseFolding.txt folds the small letters to the capitals and has no entry
// for the capitals, so folding is not idempotent there; foldCase corrects
// it. Red the day x/text changes: then cherokeeCapital can go.
func TestXTextFoldsCherokeeCapitalsToSmallLetters(t *testing.T) {
	f := cases.Fold()
	for small, capital := range map[string]string{"\uabbc": "\u13ec", "\uab70": "\u13a0", "\u13f8": "\u13f0"} {
		if got := f.String(small); got != capital {
			t.Errorf("x/text folds %+q to %+q, not %+q: the pinned behaviour changed", small, got, capital)
		}
		if got := f.String(capital); got != small {
			t.Errorf("x/text folds the capital %+q to %+q, no longer to %+q: remove cherokeeCapital", capital, got, small)
		}
		if foldCase(small) != capital || foldCase(capital) != capital {
			t.Errorf("foldCase: %+q to %+q, %+q to %+q; want both %+q", small, foldCase(small), capital, foldCase(capital), capital)
		}
	}
}
