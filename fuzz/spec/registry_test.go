package spec

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/internal/fuzzsource"
)

// declared parses the module for its fuzz targets.
func declared(t *testing.T) []fuzzsource.Declared {
	t.Helper()
	found, err := fuzzsource.Find()
	if err != nil {
		t.Fatal(err)
	}
	if len(found) < 30 {
		t.Fatalf("found only %d fuzz targets: is the search broken?", len(found))
	}
	return found
}

// fixtures are the fuzz targets of fuzz/planted's fixtures, the planted
// canonicalizers the minimizers are measured on: targets whose
// implementation is the fault itself, so not the registry's (the planted
// package holds them, and this package cannot import it), and
// fuzz/native's FuzzHangFixture, the hang its watchdog is tested on
// (built only with the tag hangfixture).
var fixtures = []string{"FuzzPlantedLastWins", "FuzzPlantedSubstitute", "FuzzPlantedCodePointOrder", "FuzzPlantedEncodingJSON", "FuzzHangFixture"}

// Every native fuzz target of the module is a target of the registry, in
// the file the registry names, taking the arguments the registry says;
// every go-fuzz entry point is a registry target too (one property, two
// engines); and every registry target is declared where it says. A target
// the registry does not hold is one the minimizer, the planted tests and
// the README cannot reach.
func TestEveryFuzzTargetIsInTheRegistry(t *testing.T) {
	found := declared(t)
	native := map[string]fuzzsource.Declared{}
	for _, d := range found {
		if slices.Contains(fixtures, d.Name) {
			continue
		}
		target, ok := Lookup(d.Name)
		switch {
		case !ok:
			t.Errorf("%s (%s/%s) is not in the registry: give it a spec file in fuzz/spec", d.Name, d.Dir, d.File)
		case d.Kind == fuzzsource.GoFuzz:
		case d.Dir != target.Dir || d.File != target.File:
			t.Errorf("%s is declared in %s/%s, the registry says %s/%s", d.Name, d.Dir, d.File, target.Dir, target.File)
		case d.Kind == fuzzsource.Native && !d.Registry:
			t.Errorf("%s (%s/%s) is not the one-line stub native.Fuzz(f): its arguments could differ from its spec's", d.Name, d.Dir, d.File)
			t.Errorf("%s takes (%s), the registry says (%s)", d.Name, strings.Join(d.Params, ", "), joinParams(target.Params))
		}
		if d.Kind == fuzzsource.Native {
			native[d.Name] = d
		}
	}
	for _, target := range Targets() {
		if _, ok := native[target.Name]; !ok {
			t.Errorf("the registry holds %s, which no file of %s declares", target.Name, target.Dir)
		}
		if target.Property == "" || target.Input == "" || target.Area == "" {
			t.Errorf("%s: a property, an input and an area are needed", target.Name)
		}
	}
}

func joinParams(ps []property.Param) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = string(p)
	}
	return strings.Join(s, ",")
}

// FromBytes and ToBytes invert each other where ToBytes can write the
// arguments, and FromBytes reads arguments from any bytes.
func TestFromBytesReadsEveryTarget(t *testing.T) {
	for _, target := range Targets() {
		for _, data := range [][]byte{nil, []byte("\x00"), []byte("abc\x00def\x00ghi"), make([]byte, 40)} {
			in := target.FromBytes(data)
			if err := property.Fits(target.Params, in); err != nil {
				t.Fatalf("%s: FromBytes(%q): %v", target.Name, data, err)
			}
			if b, ok := property.ToBytes(target.Params, in); ok {
				if again := target.FromBytes(b); joinValues(again) != joinValues(in) {
					t.Errorf("%s: %q reads as %v, written %q, read again as %v", target.Name, data, in, b, again)
				}
			}
		}
	}
	in := property.FromBytes([]property.Param{property.Bool, property.Uint64, property.String, property.Bytes}, []byte("\x01\x00\x00\x00\x00\x00\x00\x01\x02pat\x00val\x00ue"))
	if joinValues(in) != "true 258 pat [118 97 108 0 117 101]" {
		t.Errorf("FromBytes = %v", joinValues(in))
	}
}

func joinValues(in property.Input) string {
	var s []string
	for _, v := range in {
		s = append(s, strings.TrimSpace(strings.ReplaceAll(fmtValue(v), "\n", " ")))
	}
	return strings.Join(s, " ")
}

func fmtValue(v any) string { return fmt.Sprint(v) }

// Every target is declared in the spec file named after it, so that the
// file of FuzzScanMatchesReference is scan_matches_reference.go, and every
// file of this package but the shared ones declares one target.
func TestEverySpecFileIsNamedAfterItsTarget(t *testing.T) {
	shared := []string{"check.go", "doc.go", "index.go", "oracles.go", "read.go", "seedsets.go", "target.go", "variant.go"}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	bySpec := map[string]string{}
	for _, target := range Targets() {
		want := snake(strings.TrimPrefix(target.Name, "Fuzz")) + ".go"
		if target.Spec != want {
			t.Errorf("%s is declared in %s, not in %s", target.Name, target.Spec, want)
		}
		bySpec[target.Spec] = target.Name
	}
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") && !slices.Contains(shared, f) && bySpec[f] == "" {
			t.Errorf("%s declares no target: a spec file is one target, shared code goes in %v", f, shared)
		}
	}
}

// snake writes a CamelCase name in snake_case, an initialism as one word:
// CompareUTF16MatchesReference is compare_utf16_matches_reference.
func snake(name string) string {
	var b strings.Builder
	for i, r := range name {
		upper := unicode.IsUpper(r)
		if upper && i > 0 {
			prev, next := rune(name[i-1]), rune(0)
			if i+1 < len(name) {
				next = rune(name[i+1])
			}
			if !unicode.IsUpper(prev) || next != 0 && unicode.IsLower(next) {
				b.WriteByte('_')
			}
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
