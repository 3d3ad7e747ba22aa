package bound

import (
	"errors"
	"path/filepath"
	"testing"
)

// FuzzParse: no input makes Parse, EffBound or Check panic; every refusal
// is typed; an accepted provenance marshals to a fixed point.
func FuzzParse(f *testing.F) {
	f.Add([]byte(appendixHost))
	f.Add([]byte(`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"and":[{"glob":"a/**"},{"prefix":"a/"},{"in":[1,"a/b",{"x":[]}]}]}}}]},{"component":"g","bound":[{"tool":"t","args":{"a":{"glob":"*"}}}]}]}`))
	files, _ := filepath.Glob("testdata/vectors/*.vec")
	for _, name := range files {
		if v, err := readVector(name); err == nil && v.kind == "parse" {
			f.Add(v.payload)
		}
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		p, err := Parse(raw)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("untyped refusal %v", err)
			}
			return
		}
		out, err := p.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		q, err := Parse(out)
		if err != nil {
			t.Fatalf("marshalled form %s refused: %v", out, err)
		}
		if again, _ := q.MarshalJSON(); string(again) != string(out) {
			t.Fatalf("not a fixed point:\n%s\n%s", out, again)
		}
		if _, err := EffBound(p, Canon{}); err != nil && !errors.Is(err, ErrTooLarge) {
			t.Fatalf("effbound: %v", err)
		}
		for _, h := range p.Chain {
			for _, r := range h.Bound {
				args := map[string]Value{}
				for name := range r.Args {
					args[name] = String("a/b")
				}
				Check(p, Call{Name: r.Tool, Arguments: args}, Canon{Schemas: Schemas{r.Tool: {"a": ModeHierarchical}}})
			}
		}
	})
}
