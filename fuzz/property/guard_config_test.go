package property

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// TestDispositionAsDocumentedCanFail: the real guard.ParseDisposition
// passes on every name gen.DispositionNames has, and each fault of the
// class (the empty name read as a default, a near miss accepted, a
// documented name refused or read as the other) is a violation.
func TestDispositionAsDocumentedCanFail(t *testing.T) {
	for _, name := range gen.DispositionNames {
		if v := dispositionAsDocumented(guard.ParseDisposition, name); v != nil {
			t.Errorf("guard.ParseDisposition(%q): %v", name, v)
		}
	}
	// Each fault reads one name otherwise than documented and every other
	// name as guard.ParseDisposition does.
	faults := []struct {
		fault, name string
		got         guard.Disposition
		err         error
	}{
		{"the empty name read as originate", "", guard.Originate, nil},
		{"the empty name read as the zero value", "", 0, nil},
		{"names read without case", "Originate", guard.Originate, nil},
		{"reject refused", "reject", 0, fmt.Errorf("%w: no", guard.ErrConfig)},
		{"reject read as originate", "reject", guard.Originate, nil},
		{"an unknown name refused untyped", "none", 0, errors.New("no")},
	}
	for _, f := range faults {
		parse := func(s string) (guard.Disposition, error) {
			if s == f.name {
				return f.got, f.err
			}
			return guard.ParseDisposition(s)
		}
		caught := false
		for _, name := range gen.DispositionNames {
			caught = caught || dispositionAsDocumented(parse, name) != nil
		}
		if !caught {
			t.Errorf("%s: no name of gen.DispositionNames is a violation", f.fault)
		}
	}
}

// TestGenerateProxyArgsDrawsEveryName: the names reach the property from
// generator bytes, every one of them in a few thousand draws, and the
// settings are GenerateProxy's.
func TestGenerateProxyArgsDrawsEveryName(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 51))
	seen := map[string]bool{}
	for range 4000 {
		data := make([]byte, r.IntN(24))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		p, name := gen.GenerateProxyArgs(data)
		if q := gen.GenerateProxy(data); fmt.Sprintf("%+v", p) != fmt.Sprintf("%+v", q) {
			t.Fatalf("GenerateProxyArgs(%x) = %+v, GenerateProxy %+v", data, p, q)
		}
		seen[name] = true
	}
	for _, name := range gen.DispositionNames {
		if !seen[name] {
			t.Errorf("%q never drawn", name)
		}
	}
}
