package mutation

import (
	"path/filepath"
	"testing"
	"time"
)

// TestMutantOutOfTheSchemaIsRun: a mutant whose schema form does not
// type-check, though it does alone, is taken out of the schema and built
// on its own; a probe at the top of its function stands for its reach, so
// it is run and judged (the fixture's TooLong SwapKind is killed) rather
// than reported NoCoverage unrun, as admit's 17 SwapKind mutants were when
// the schema could not name their type (schema.go, probeAlone).
func TestMutantOutOfTheSchemaIsRun(t *testing.T) {
	for _, tc := range []struct{ fixture, kind string }{
		{fixture, "kinds.TooLong"},        // Check has a limit's probe: it is shared
		{"testdata/alias", "outer.Short"}, // Check has none: one is added
	} {
		t.Run(tc.kind, func(t *testing.T) {
			p := loadFixture(t, tc.fixture)
			var m *Mutant
			for _, x := range p.Mutants {
				if x.Site.Kind == tc.kind && x.Operator == SwapKind {
					m = x
				}
			}
			if m == nil {
				t.Fatalf("the fixture has no %s SwapKind", tc.kind)
			}
			m.Edits = append([]Edit(nil), m.Edits...)
			m.Edits[0].wrap = func(int, string) string { return "undefinedInTheSchema" }
			s, err := p.Run(Options{Work: filepath.Join(t.TempDir(), "work"), Workers: 2, Floor: 20 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			if m.Schema || m.CompileErr != "" {
				t.Fatalf("%s: in the schema %v, compile error %q; want it out of the schema, compiling alone", m.ID, m.Schema, m.CompileErr)
			}
			for _, r := range s.Results {
				if r.Mutant == m && r.Status != Killed {
					t.Errorf("%s, out of the schema: %s (%s), want Killed as in the schema", m.ID, r.Status, r.Reason)
				}
			}
		})
	}
}
