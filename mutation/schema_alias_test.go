package mutation

import "testing"

// TestSchemaNamesAnAliasedKindAsItsFileCan: a kind whose type is another
// target's, named through an alias (admit.Kind = jsonwire.Kind), is swapped
// in a file that does not import that package (admit's reference.go). The
// schema spelled the type as jsonwire.Kind there, which does not
// type-check, so the mutant was left out of the schema, never traced, and
// reported NoCoverage without a test run (17 SwapKind mutants of admit in
// the sweep of 2026-12-06). Every mutant of the fixture is schematized.
func TestSchemaNamesAnAliasedKindAsItsFileCan(t *testing.T) {
	p := loadFixture(t, "testdata/alias")
	if err := p.Judge(); err != nil {
		t.Fatal(err)
	}
	swaps := 0
	for _, m := range p.Mutants {
		if m.CompileErr != "" {
			t.Errorf("%s: %s", m.ID, m.CompileErr)
		}
		if !m.Schema {
			t.Errorf("%s is not in the schema", m.ID)
		}
		if m.Operator == SwapKind {
			swaps++
		}
	}
	if swaps != 1 {
		t.Errorf("%d SwapKind mutants, want Check's one", swaps)
	}
}
