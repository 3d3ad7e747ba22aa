package bound_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// nulCase is a constraint on argument "x" and a value it admits as
// written, the value holding a NUL (escaped, as JSON writes it): a reader
// of C strings (cJSON, then open(2)) reads the value up to the NUL,
// another value than the one the rule admitted.
type nulCase struct {
	name, constraint, arg string
}

// nulCases are the rule kinds of section 3.2 (eq, in, prefix, glob, and)
// with a NUL at the start, in the middle and at the end of a top-level
// string, and in a string or a member name nested in an array or object
// (which every reading canonicalizes plainly).
var nulCases = []nulCase{
	{"glob, NUL in the middle", `{"glob":"/etc/*.txt"}`, `"/etc/passwd\u0000.txt"`},
	{"glob **, NUL in the middle", `{"glob":"**.txt"}`, `"/etc/passwd\u0000.txt"`},
	{"glob, NUL first", `{"glob":"*.txt"}`, `"\u0000.txt"`},
	{"glob, NUL last", `{"glob":"*"}`, `"a\u0000"`},
	{"glob, ** over a NUL", `{"glob":"/srv/acme/**"}`, `"/srv/acme/x\u0000/y"`},
	{"prefix, NUL last", `{"prefix":"/srv/acme/"}`, `"/srv/acme/x\u0000"`},
	{"prefix, NUL in the middle", `{"prefix":"/srv/acme/"}`, `"/srv/acme/x\u0000y"`},
	{"eq, the operand holding the same NUL", `{"eq":"/etc/passwd\u0000.txt"}`, `"/etc/passwd\u0000.txt"`},
	{"eq, only a NUL", `{"eq":"\u0000"}`, `"\u0000"`},
	{"in, a member holding the same NUL", `{"in":["a","report\u0000.pdf"]}`, `"report\u0000.pdf"`},
	{"and of prefix and glob", `{"and":[{"prefix":"/srv/"},{"glob":"**.txt"}]}`, `"/srv/x\u0000.txt"`},
	{"eq of an array holding a NUL", `{"eq":["a\u0000b"]}`, `["a\u0000b"]`},
	{"eq of an object holding a NUL", `{"eq":{"k":"a\u0000"}}`, `{"k":"a\u0000"}`},
	{"in of an object whose name holds a NUL", `{"in":[{"k\u0000":1}]}`, `{"k\u0000":1}`},
	{"eq of nested arrays", `{"eq":[[{"k":["\u0000"]}]]}`, `[[{"k":["\u0000"]}]]`},
}

func (c nulCase) documents(tool string) (prov, params []byte) {
	return []byte(`{"v":1,"chain":[{"component":"h","bound":[{"tool":"` + tool + `","args":{"x":` + c.constraint + `}}]}]}`),
		[]byte(`{"name":"` + tool + `","arguments":{"x":` + c.arg + `}}`)
}

// withoutNUL is the case with its NULs written as the letter "N": the
// same rule then admits the value, so the refusal is the NUL's.
func (c nulCase) withoutNUL() nulCase {
	return nulCase{c.name, strings.ReplaceAll(c.constraint, `\u0000`, "N"), strings.ReplaceAll(c.arg, `\u0000`, "N")}
}

// nulSchemas declares "x" of tool "p" a path and of tool "s" a plain
// string; tool "t" leaves it undeclared (the dual reading).
var nulSchemas = bound.Schemas{"p": {"x": bound.ModeHierarchical}, "s": {"x": bound.ModePlain}}

// checksAdmitting names each way targets/bound decides a call that admits
// tool's call of c: Check and CheckLayered under the Hardened reading,
// Prepare then Check, and each reading of also.
func checksAdmitting(t *testing.T, c nulCase, tool string, canon bound.Canon, also ...bound.Reading) []string {
	t.Helper()
	prov, params := c.documents(tool)
	var admit []string
	if bound.Hardened.Check(prov, params, canon).Admit {
		admit = append(admit, "Check")
	}
	p, err := bound.Parse(prov)
	if err != nil {
		t.Fatal(err)
	}
	call, err := bound.ParseCall(params)
	if err != nil {
		t.Fatal(err)
	}
	if bound.Prepare(p, tool, canon).Check(call, canon).Admit {
		admit = append(admit, "Prepared.Check")
	}
	if bound.Hardened.CheckLayered(prov, params, canon).Admit {
		admit = append(admit, "Hardened's layers")
	}
	for _, r := range also {
		if r.Check(prov, params, canon).Admit {
			admit = append(admit, r.String())
		}
	}
	return admit
}

// Check (the Hardened reading) refuses a constrained value holding a NUL
// under every reading of the argument (declared a path, a plain string,
// or undeclared: dual), folded or not, whatever the rule kind, whether the
// string is the argument or nested in it, and Prepare's decision agrees;
// so does every reading that has the encoded-structure layer, and the
// text itself admits each value (the refusal is that layer's). Before
// the layer refused a NUL under the plain reading, Check admitted the
// values under ModePlain (a glob *.txt admitting "/etc/passwd\x00.txt").
func TestValueHoldingANULAdmitsNothing(t *testing.T) {
	for _, c := range nulCases {
		for _, tool := range []string{"p", "s", "t"} {
			for _, fold := range []bool{false, true} {
				canon := bound.Canon{Schemas: bound.Schemas{tool: nulSchemas[tool]}, Fold: fold}
				layered := bound.Reading{Undeclared: bound.ModePlain, Harden: bound.HardenEncodedStructure}
				for _, by := range checksAdmitting(t, c, tool, canon, layered) {
					t.Errorf("%s, tool %s, fold %v: %s admits %s", c.name, tool, fold, by, c.arg)
				}
				// Without the NUL the rule admits the value, by Check and
				// by the text read plainly.
				okProv, okParams := c.withoutNUL().documents(tool)
				if d := bound.Hardened.Check(okProv, okParams, canon); !d.Admit {
					t.Errorf("%s, tool %s, fold %v: without its NUL, Check refuses %s: %s", c.name, tool, fold, okParams, d.Reason)
				}
			}
		}
		// The text read plainly admits the value with its NUL: refusing it
		// is hardening (the encoded-structure layer), not the letter.
		prov, params := c.documents("s")
		for _, r := range bound.TextReadings() {
			if r.Undeclared != bound.ModePlain {
				continue
			}
			if d := r.Check(prov, params, bound.Canon{Schemas: bound.Schemas{"s": nulSchemas["s"]}}); !d.Admit {
				t.Errorf("%s: the text read as %s refuses %s: %s", c.name, r, c.arg, d.Reason)
			}
		}
	}
}

// A NUL in a string refuses it under every mode with the typed error
// every other refusal of canonicalization has (errors.Is ErrNotCanonical),
// never a panic; the same string without it is canonical.
func TestCanonicalizeStringRefusesANULUnderEveryMode(t *testing.T) {
	for _, s := range []string{"\x00", "a\x00", "\x00a", "/etc/passwd\x00.txt", "caf\u00e9\x00", "\x00\u00e9"} {
		for _, m := range []bound.Mode{bound.ModePlain, bound.ModeHierarchical} {
			for _, fold := range []bool{false, true} {
				c, err := bound.CanonicalizeString(s, m, fold)
				if err == nil || !errors.Is(err, bound.ErrNotCanonical) {
					t.Errorf("CanonicalizeString(%q, %s, fold %v) = %q, %v; want ErrNotCanonical", s, m, fold, c, err)
				}
			}
		}
	}
}

// A raw NUL (a control character JSON requires escaped) never reaches a
// rule: the call is malformed (RFC 8259 section 7), under every reading.
func TestRawNULInAValueIsMalformed(t *testing.T) {
	prov := []byte(`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"x":{"glob":"*.txt"}}}]}]}`)
	params := []byte("{\"name\":\"t\",\"arguments\":{\"x\":\"/etc/passwd\x00.txt\"}}")
	for _, r := range append(bound.TextReadings(), bound.Hardened) {
		if d := r.Check(prov, params, bound.Canon{}); d.Admit || !strings.Contains(d.Reason, "malformed") {
			t.Errorf("%s: %+v, want refused as malformed", r, d)
		}
	}
}
