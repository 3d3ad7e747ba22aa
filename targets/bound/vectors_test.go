package bound

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/vecfile"
)

// Conformance vectors, one per file under testdata/vectors, written from
// SEP-3246 (Appendix A.1 and the cases §3 and §4 describe). A file is
// header lines "name: value", a blank line, and a JSON payload:
//
//	comment: free text (any number)
//	kind:    check | meet | parse
//	expect:  check: admit | deny;  parse: ok | malformed;
//	         meet: the expected bound, as deterministic JSON on one line
//	pointer: parse only, optional: the JSON pointer of the fault
//
// check payload: {"provenance": ..., "call": {"name", "arguments"}, "tools"?: tools/list result}
// meet payload:  {"a": bound, "b": bound, "tools"?: tools/list result}
// parse payload: a provenance object.
type vector struct {
	file, kind, expect, pointer string
	payload                     []byte
}

func readVector(path string) (vector, error) {
	f, err := vecfile.Read(path)
	if err != nil {
		return vector{}, err
	}
	v := vector{file: filepath.Base(path), payload: f.Payload}
	for _, h := range f.Header {
		switch h.Key {
		case "comment":
		case "kind":
			v.kind = h.Value
		case "expect":
			v.expect = h.Value
		case "pointer":
			v.pointer = h.Value
		default:
			return vector{}, fmt.Errorf("unknown header %q", h.Key)
		}
	}
	if v.kind == "" || v.expect == "" {
		return vector{}, fmt.Errorf("kind and expect are required")
	}
	return v, nil
}

func TestVectors(t *testing.T) {
	vectors, err := vecfile.ReadDir("testdata/vectors", readVector)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vectors {
		t.Run(v.file, func(t *testing.T) {
			if err := v.run(); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestVectorHeaderRefused(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "x.vec")
	os.WriteFile(p, []byte("kind: check\nexpect: admit\nexpected: deny\n\n{}"), 0o644)
	if _, err := readVector(p); err == nil || !strings.Contains(err.Error(), "unknown header") {
		t.Errorf("unknown header accepted: %v", err)
	}
}

func (v vector) run() error {
	switch v.kind {
	case "parse":
		_, err := Parse(v.payload)
		got := "ok"
		if err != nil {
			got = "malformed"
		}
		if got != v.expect {
			return fmt.Errorf("parse: %s (%v), want %s", got, err, v.expect)
		}
		if v.pointer != "" {
			me, _ := err.(*MalformedError)
			if me == nil || me.Pointer != v.pointer {
				return fmt.Errorf("fault %v, want pointer %s", err, v.pointer)
			}
		}
		return nil
	case "check":
		doc, c, err := vectorPayload(v.payload)
		if err != nil {
			return err
		}
		cv, _ := doc.Get("call")
		call, err := CallFromValue(cv)
		if err != nil {
			return fmt.Errorf("call: %v", err)
		}
		pv, _ := doc.Get("provenance")
		d := Decision{Reason: "malformed provenance"}
		if p, err := ProvenanceFromValue(pv); err == nil {
			d = Check(p, call, c)
		}
		got := map[bool]string{true: "admit", false: "deny"}[d.Admit]
		if got != v.expect {
			return fmt.Errorf("check: %s (%s), want %s", got, d.Reason, v.expect)
		}
		return nil
	case "meet":
		doc, c, err := vectorPayload(v.payload)
		if err != nil {
			return err
		}
		av, _ := doc.Get("a")
		bv, _ := doc.Get("b")
		a, err := boundFromValue(av, "/a")
		if err != nil {
			return err
		}
		b, err := boundFromValue(bv, "/b")
		if err != nil {
			return err
		}
		m, err := MeetBounds(a, b, c)
		if err != nil {
			return err
		}
		got, _ := m.MarshalJSON()
		if string(got) != v.expect {
			return fmt.Errorf("meet:\n got %s\nwant %s", got, v.expect)
		}
		return nil
	}
	return fmt.Errorf("unknown kind %q", v.kind)
}

// vectorPayload parses a check or meet payload and the Canon its optional
// "tools" member (a tools/list result) gives.
func vectorPayload(payload []byte) (Value, Canon, error) {
	doc, err := ParseValue(payload)
	if err != nil {
		return Value{}, Canon{}, fmt.Errorf("payload: %v", err)
	}
	tv, ok := doc.Get("tools")
	if !ok {
		return doc, Canon{}, nil
	}
	s, err := SchemasFromValue(tv)
	return doc, Canon{Schemas: s}, err
}
