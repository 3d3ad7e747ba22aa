package bound

import (
	"errors"
	"testing"
)

// One test per file under findings/spec/: each pins the narrower reading
// this package takes where SEP-3246 read literally would admit more.

func admitsWith(t *testing.T, c Constraint, v string, m Mode) bool {
	t.Helper()
	return Admits(c, String(v), m, false)
}

// wantAdmits fails t with msg unless c admits v under m exactly when want
// says it should.
func wantAdmits(t *testing.T, c Constraint, v string, m Mode, want bool, msg string) {
	t.Helper()
	if admitsWith(t, c, v, m) != want {
		t.Error(msg)
	}
}

// findings/spec/glob-negated-class-separator.md
func TestFindingNegatedClassSeparator(t *testing.T) {
	c := Constraint{Op: OpGlob, Operand: "acme/app[!x]"}
	wantAdmits(t, c, "acme/app/", ModePlain, false, "a negated class matched '/'")
	wantAdmits(t, c, "acme/apps", ModePlain, true, "a negated class did not match an ordinary character")
}

// findings/spec/glob-class-range-separator.md
func TestFindingClassRangeSeparator(t *testing.T) {
	c := Constraint{Op: OpGlob, Operand: "acme[+-0]app"}
	wantAdmits(t, c, "acme/app", ModePlain, false, "a range spanning '/' matched '/'")
	wantAdmits(t, c, "acme-app", ModePlain, true, "the range lost its other members")
}

// findings/spec/glob-ambiguous-syntax.md
func TestFindingAmbiguousGlobSyntax(t *testing.T) {
	for _, p := range []string{`acme/\app`, `acme/[]`, `acme/[!]`, `acme/[[:alpha:]]`} {
		if _, err := CompileGlob(p); !errors.Is(err, ErrGlobSyntax) {
			t.Errorf("%q compiled: %v", p, err)
		}
	}
}

// findings/spec/glob-percent-decoded-metacharacter.md
func TestFindingPercentDecodedMetacharacter(t *testing.T) {
	c := Constraint{Op: OpGlob, Operand: "/srv/acme/%2A"}
	wantAdmits(t, c, "/srv/acme/secret", ModeHierarchical, false, "a percent-encoded '*' in a pattern became a wildcard")
	if !admitsWith(t, c, "/srv/acme/%2A", ModeHierarchical) || !admitsWith(t, c, "/srv/acme/*", ModeHierarchical) {
		t.Error("the literal '*' the pattern spells is not admitted")
	}
}

// findings/spec/prefix-trailing-separator.md
func TestFindingPrefixTrailingSeparator(t *testing.T) {
	c := Constraint{Op: OpPrefix, Operand: "/srv/acme/"}
	wantAdmits(t, c, "/srv/acme-secrets/key", ModeHierarchical, false, "removing the operand's trailing separator turned it into a string prefix")
	for _, v := range []string{"/srv/acme/key", "/srv/acme", "/srv/acme/"} {
		if !admitsWith(t, c, v, ModeHierarchical) {
			t.Errorf("%s not admitted", v)
		}
	}
	if _, ok := MeetConstraints(c, Constraint{Op: OpPrefix, Operand: "/srv/acme-"}, ModeHierarchical, false); ok {
		t.Error("the meet kept a prefix outside the directory")
	}
}

// findings/spec/canon-nfc-after-decoding.md
func TestFindingNFCAfterDecoding(t *testing.T) {
	c := Constraint{Op: OpGlob, Operand: "/srv/cafe*"}
	for _, v := range []string{"/srv/cafe%CC%81", "/srv/cafe\u0301", "/srv/café"} {
		if admitsWith(t, c, v, ModeHierarchical) {
			t.Errorf("%q admitted: one name, NFC \"/srv/café\", must get one answer", v)
		}
	}
	e := Constraint{Op: OpEq, Value: String("/srv/café")}
	wantAdmits(t, e, "/srv/cafe%CC%81", ModeHierarchical, true, "the percent-encoded NFD spelling is not equal to its NFC form")
	// NFC between the rounds, not only at the end: the first round leaves
	// "%4A" and U+0301, which NFC composes into "%4Á", a '%' that starts
	// no octet (refused, as the reference resolver refuses it); decoded
	// on without NFC it was the name "J\u0301".
	if c, err := canonString("/srv/%254A%CC%81", ModeHierarchical, false); err == nil {
		t.Errorf("canon(\"/srv/%%254A%%CC%%81\") = %q; want a refusal: NFC after the first round leaves a '%%' without two hex digits", c)
	}
}

// findings/spec/canon-undeclared-path.md
func TestFindingUndeclaredPath(t *testing.T) {
	c := Constraint{Op: OpPrefix, Operand: "/srv/acme/"}
	if !admitsWith(t, c, "/srv/acme/../../etc/passwd", ModePlain) {
		t.Fatal("the literal reading (NFC only) is expected to admit this; the test pins the difference")
	}
	wantAdmits(t, c, "/srv/acme/../../etc/passwd", ModeDual, false, "an undeclared argument escaped its prefix by '..'")
	if (Schemas{}).ModeOf("read_file", "path") != ModeDual {
		t.Error("an undeclared argument is not read both ways by default")
	}
}

// findings/spec/rule-unknown-member.md
func TestFindingUnknownMember(t *testing.T) {
	for _, in := range []string{
		`{"v":1,"chain":[{"component":"h","bound":[{"tool":"read_file","arg":{"path":{"prefix":"/srv/acme/"}}}]}]}`,
		`{"v":1,"chain":[{"component":"h","bound":[{"tool":"read_file"}],"bounds":[]}]}`,
		`{"v":1,"chain":[],"chains":[]}`,
	} {
		if _, err := Parse([]byte(in)); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v", in, err)
		}
	}
}

// findings/spec/and-empty.md
func TestFindingEmptyAnd(t *testing.T) {
	_, err := Parse([]byte(`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"and":[]}}}]}]}`))
	if !errors.Is(err, ErrMalformed) {
		t.Errorf("empty and parsed: %v", err)
	}
	if Admits(Constraint{Op: OpAnd}, String("x"), ModePlain, false) {
		t.Error("an empty and built in code admits")
	}
}

// findings/spec/canon-nul.md
func TestFindingNUL(t *testing.T) {
	c := Constraint{Op: OpPrefix, Operand: "/srv/acme/"}
	for _, v := range []string{"/srv/acme/..%00", "/srv/acme/..\x00", "/srv/acme/%2e%2e%00/x"} {
		if admitsWith(t, c, v, ModeHierarchical) || admitsWith(t, c, v, ModeDual) {
			t.Errorf("%q admitted", v)
		}
	}
	g := Constraint{Op: OpGlob, Operand: "/etc/*.txt"}
	wantAdmits(t, g, "/etc/passwd\x00.txt", ModePlain, false, "a plain glob admits a value a C-string reader cuts")
	wantAdmits(t, g, "/etc/passwd.txt", ModePlain, true, "a plain glob refuses its match")
	if Admits(Constraint{Op: OpEq, Value: Value{Kind: KindArray, Array: []Value{String("a\x00b")}}}, Value{Kind: KindArray, Array: []Value{String("a\x00b")}}, ModePlain, false) {
		t.Error("a nested NUL admitted")
	}
}

// findings/spec/canon-compatibility-structure.md
func TestFindingCompatibilityStructure(t *testing.T) {
	c := Constraint{Op: OpPrefix, Operand: "/srv/acme/"}
	for _, v := range []string{"/srv/acme/\uff0e\uff0e\uff0f\uff0e\uff0e/etc", "/srv/acme/\u2025/\u2025/etc", "/srv/acme/%EF%BC%8E%EF%BC%8E/x"} {
		for _, m := range []Mode{ModeHierarchical, ModeDual} {
			if admitsWith(t, c, v, m) {
				t.Errorf("%v: %q admitted", m, v)
			}
		}
	}
	g := Constraint{Op: OpGlob, Operand: "/srv/acme/*"}
	wantAdmits(t, g, "/srv/acme/\uff0e\uff0e\uff0fetc", ModeHierarchical, false, "a fullwidth solidus hid a separator from *")
	wantAdmits(t, c, "/srv/acme/a\u2215b", ModeHierarchical, true, "a division slash, which NFKC keeps, is refused")
}

// findings/spec/canon-encoded-separator.md
func TestFindingEncodedSeparator(t *testing.T) {
	c := Constraint{Op: OpPrefix, Operand: "/srv/acme/"}
	for _, v := range []string{"/srv/acme/b%2Fc/../../x", "/srv/acme/%2e%2e/acme/x", `/srv/acme/..\..\etc`, "/srv/acme/x%5C..%5C..%5Cetc"} {
		for _, m := range []Mode{ModeHierarchical, ModeDual} {
			if admitsWith(t, c, v, m) {
				t.Errorf("%v: %q admitted", m, v)
			}
		}
	}
	wantAdmits(t, c, "/srv/acme/file%2etxt", ModeHierarchical, true, "an encoded dot inside a name is refused")
	g := Constraint{Op: OpGlob, Operand: "/srv/acme/*%2F.."}
	if admitsWith(t, g, "/srv/acme", ModeHierarchical) || admitsWith(t, g, "/srv/acme/x", ModeHierarchical) {
		t.Error("a pattern with an encoded separator admits")
	}
}

// findings/spec/canon-query-in-path.md
func TestFindingQueryInPath(t *testing.T) {
	c := Constraint{Op: OpPrefix, Operand: "/srv/acme/"}
	for _, v := range []string{"/srv/acme/..?x", "/srv/acme/x?/../../../etc"} {
		if admitsWith(t, c, v, ModeHierarchical) || admitsWith(t, c, v, ModeDual) {
			t.Errorf("%q admitted", v)
		}
	}
	wantAdmits(t, c, "/srv/acme/report?.pdf", ModeHierarchical, true, "a plain name with '?' is refused")
}
