package mutation

import (
	"fmt"
	"os"
	"testing"
)

func TestDebugSites(t *testing.T) {
	if os.Getenv("DEBUGSITES") == "" {
		t.Skip()
	}
	mod, err := Load("..", "./targets/...")
	if err != nil {
		t.Fatal(err)
	}
	plan := NewPlan(mod)
	for _, s := range plan.Sites {
		fmt.Printf("%-60s %-28s %s:%d\n", s.ID, s.Kind, s.File.Rel, s.Line)
	}
	if err := plan.Judge(); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, m := range plan.Mutants {
		if m.CompileErr != "" {
			n++
			fmt.Println("COMPILE", m.ID, m.CompileErr)
		}
		if !m.Schema {
			fmt.Println("NOSCHEMA", m.ID)
		}
	}
	fmt.Println(len(plan.Sites), "sites", len(plan.Mutants), "mutants", n, "compile errors")
	if os.Getenv("DEBUGSCHEMA") != "" {
		s := plan.BuildSchema()
		for p, src := range s.Files {
			os.MkdirAll("/tmp/schema", 0o755)
			os.WriteFile("/tmp/schema/"+fmt.Sprint(len(p))+"_"+p[len(p)-20:], src, 0o644)
		}
	}
}
