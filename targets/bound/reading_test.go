package bound_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// sepExample is one example the text of SEP-3246 gives or states outright,
// written as a vector (testdata/sep-examples.json): the section, the
// provenance object and params as the text writes them, an optional
// tools/list result declaring argument formats, the deployment's case
// folding, and the answer the text gives.
type sepExample struct {
	Name       string          `json:"name"`
	Section    string          `json:"section"`
	Provenance json.RawMessage `json:"provenance"`
	Params     json.RawMessage `json:"params"`
	Tools      json.RawMessage `json:"tools"`
	Fold       bool            `json:"fold"`
	Admit      bool            `json:"admit"`
}

func loadSEPExamples(t *testing.T) []sepExample {
	t.Helper()
	data, err := os.ReadFile("testdata/sep-examples.json")
	if err != nil {
		t.Fatal(err)
	}
	var out []sepExample
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	if len(out) < 30 {
		t.Fatalf("only %d SEP examples", len(out))
	}
	return out
}

func (e sepExample) canon(t *testing.T) bound.Canon {
	c := bound.Canon{Fold: e.Fold}
	if len(e.Tools) > 0 {
		s, err := bound.ParseTools(e.Tools)
		if err != nil {
			t.Fatalf("%s: tools: %v", e.Name, err)
		}
		c.Schemas = s
	}
	return c
}

// The literal checker, every reading of the text and the hardened one give
// the SEP's own examples the answers the text gives them: the examples
// hold on no open point and touch no hardening.
func TestReadingsHoldTheSEPExamples(t *testing.T) {
	readings := append([]bound.Reading{bound.Literal, bound.Hardened, {Undeclared: bound.ModePlain, Harden: bound.HardenAll}}, bound.TextReadings()...)
	for _, e := range loadSEPExamples(t) {
		for _, r := range readings {
			if d := r.Check(e.Provenance, e.Params, e.canon(t)); d.Admit != e.Admit {
				t.Errorf("SEP-3246 %s, %s: %s admits %v (%s), the text %v", e.Section, e.Name, r, d.Admit, d.Reason, e.Admit)
			}
		}
		if d := bound.CheckLiteral(e.Provenance, e.Params, e.canon(t)); d.Admit != e.Admit {
			t.Errorf("SEP-3246 %s, %s: CheckLiteral admits %v (%s)", e.Section, e.Name, d.Admit, d.Reason)
		}
		for i, d := range bound.CheckReadings(e.Provenance, e.Params, e.canon(t), readings) {
			if d != readings[i].Check(e.Provenance, e.Params, e.canon(t)) {
				t.Errorf("SEP-3246 %s, %s: CheckReadings decides %s otherwise than Check", e.Section, e.Name, readings[i])
			}
		}
	}
}

// readingCase is a call and a bound on one argument "x" of tool "t".
type readingCase struct {
	name       string
	constraint string
	arg        string
}

func (c readingCase) check(r bound.Reading) bound.Decision {
	prov, params := c.documents()
	return r.Check(prov, params, bound.Canon{})
}

// documents are the case's provenance object and params.
func (c readingCase) documents() (prov, params []byte) {
	return []byte(`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"x":` + c.constraint + `}}]}]}`),
		[]byte(`{"name":"t","arguments":{"x":` + c.arg + `}}`)
}

// Each hardening layer, switched on alone over the text read as a path,
// refuses what the text admits; Check refuses it too. The argument
// byte-identical to an eq operand with an encoded separator is admitted
// by every reading of the text: refusing it is hardening
// (findings/spec/canon-encoded-separator.md).
func TestEachHardeningLayerRefusesWhatTheTextAdmits(t *testing.T) {
	path := bound.Reading{Undeclared: bound.ModeHierarchical}
	for _, tc := range []struct {
		layer bound.Hardening
		readingCase
	}{
		{bound.HardenEncodedStructure, readingCase{"eq byte-identical, encoded separator", `{"eq":"acme%2Fapp"}`, `"acme%2Fapp"`}},
		{bound.HardenEncodedStructure, readingCase{"prefix empty, encoded root", `{"prefix":""}`, `"%2F"`}},
		{bound.HardenEncodedStructure, readingCase{"an encoded separator moves a ..", `{"prefix":"/srv/acme/"}`, `"/srv/acme/b%2Fc/../../acme/x"`}},
		{bound.HardenQueryInPath, readingCase{"a name to a file server, a .. to a URI reader", `{"prefix":"/srv/acme/"}`, `"/srv/acme/..?x"`}},
		// The refusal must not become a canonical "" that an empty operand
		// admits (mutant Reading.canonString#1:ReturnSuccess).
		{bound.HardenQueryInPath, readingCase{"the same against an empty prefix", `{"prefix":""}`, `"/srv/acme/..?x"`}},
		{bound.HardenQueryInPath, readingCase{"a fragment after a '..', against an empty prefix", `{"prefix":""}`, `"/srv/acme/..#x"`}},
		{bound.HardenGlobLiteralRuns, readingCase{"an encoded star", `{"glob":"/srv/acme/%2A"}`, `"/srv/acme/secret"`}},
		{bound.HardenClassSeparator, readingCase{"a negated class", `{"glob":"acme[!x]app"}`, `"acme/app"`}},
		{bound.HardenClassSeparator, readingCase{"a range around the separator", `{"glob":"acme[+-0]app"}`, `"acme/app"`}},
		{bound.HardenUnknownMembers, readingCase{"a misspelt args", `{"eq":"a"}}, "arg": {"x": {"eq":"b"}`, `"a"`}},
		{bound.HardenPathRoot, readingCase{"a drive letter removed by a ..", `{"eq":"."}`, `"C:/.."`}},
		{bound.HardenPathRoot, readingCase{"a network location collapsed", `{"prefix":"/h/"}`, `"//h/x"`}},
		{bound.HardenPathRoot, readingCase{"a drive letter made by resolution", `{"eq":"./c:x"}`, `"c:x"`}},
		// Neither refusal may become a canonical "" that an empty operand
		// admits (mutants Reading.canonString#4 and #5).
		{bound.HardenPathRoot, readingCase{"a drive letter made by resolution, against an empty prefix", `{"prefix":""}`, `"./c:x"`}},
		{bound.HardenPathRoot, readingCase{"a network location, against an empty prefix", `{"prefix":""}`, `"//h/x"`}},
	} {
		for _, r := range bound.TextReadings() {
			if r.Undeclared != bound.ModeHierarchical {
				continue
			}
			if d := tc.check(r); !d.Admit {
				t.Errorf("%s: the text read as %s refuses it: %s", tc.name, r, d.Reason)
			}
		}
		hard := path
		hard.Harden = tc.layer
		if d := tc.check(hard); d.Admit {
			t.Errorf("%s: %s admits it", tc.name, hard)
		}
		if d := tc.check(bound.Hardened); d.Admit {
			t.Errorf("%s: Check admits it", tc.name)
		}
		if d := tc.checkLayered(bound.Hardened); d.Admit {
			t.Errorf("%s: the hardened reading's layers admit it (is the layer in HardenAll?)", tc.name)
		}
	}
}

// checkLayered is check by r's layers (Reading.CheckLayered), for
// Hardened too, where check asks the package's Check.
func (c readingCase) checkLayered(r bound.Reading) bound.Decision {
	prov, params := c.documents()
	return r.CheckLayered(prov, params, bound.Canon{})
}

// Where the text is open, its readings differ; the hardened reading takes
// the narrower.
func TestOpenPointsSplitTheReadings(t *testing.T) {
	for _, tc := range []struct {
		point string
		readingCase
	}{
		{"undeclared-path", readingCase{"a string read as a path", `{"in":["a/b"]}`, `"a/./b"`}},
		{"prefix-separator", readingCase{"a prefix ending in a separator", `{"prefix":"/srv/acme/"}`, `"/srv/acme-secrets"`}},
		{"and-empty", readingCase{"and of nothing", `{"and":[]}`, `"x"`}},
		{"json", readingCase{"a duplicate argument", `{"eq":"a"}`, `"b","x":"a"`}},
	} {
		admits, denies := []string{}, []string{}
		for _, r := range bound.TextReadings() {
			if tc.check(r).Admit {
				admits = append(admits, r.String())
			} else {
				denies = append(denies, r.String())
			}
		}
		if len(admits) == 0 || len(denies) == 0 {
			t.Errorf("%s (%s): admitted by %d readings, denied by %d; want both", tc.name, tc.point, len(admits), len(denies))
		}
		if !strings.Contains(strings.Join(admits, " "), tc.point+"=") {
			t.Errorf("%s: readings are not named by the open point %s", tc.name, tc.point)
		}
		if d := tc.check(bound.Hardened); d.Admit {
			t.Errorf("%s: Check admits it", tc.name)
		}
	}
}

// What the JSON open point decides: a duplicate member is refused by the
// strict reading and resolved to its last or first value by the others;
// ill-formed UTF-8 is refused by the strict reading and becomes U+FFFD for
// the others; text after the value is refused by every reading.
func TestJSONReadings(t *testing.T) {
	const chain = `{"component":"h","bound":[{"tool":"t"}]}`
	for _, tc := range []struct {
		name, prov, params  string
		strict, last, first bool
	}{
		{"the last chain is empty", `{"v":1,"chain":[` + chain + `],"chain":[]}`, `{"name":"t"}`, false, false, true},
		{"the first chain is empty", `{"v":1,"chain":[],"chain":[` + chain + `]}`, `{"name":"t"}`, false, true, false},
		{"ill-formed UTF-8 in an unconstrained argument", `{"v":1,"chain":[` + chain + `]}`, "{\"name\":\"t\",\"arguments\":{\"x\":\"\xff\"}}", false, true, true},
		{"a number past every double", `{"v":1,"chain":[` + chain + `]}`, `{"name":"t","arguments":{"x":1e400}}`, false, true, true},
		{"text after the value", `{"v":1,"chain":[` + chain + `]} {}`, `{"name":"t"}`, false, false, false},
		{"not JSON", `{"v":1,"chain":[` + chain + `]`, `{"name":"t"}`, false, false, false},
	} {
		for j, want := range map[bound.JSONReading]bool{bound.JSONStrict: tc.strict, bound.JSONLastWins: tc.last, bound.JSONFirstWins: tc.first} {
			r := bound.Literal
			r.JSON = j
			if d := r.Check([]byte(tc.prov), []byte(tc.params), bound.Canon{}); d.Admit != want {
				t.Errorf("%s: %s admits %v (%s)", tc.name, r, d.Admit, d.Reason)
			}
		}
	}
}

// A reading whose fields no constant names admits nothing and says why.
func TestInvalidReadingAdmitsNothing(t *testing.T) {
	prov, params := []byte(`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t"}]}]}`), []byte(`{"name":"t"}`)
	if d := bound.Literal.Check(prov, params, bound.Canon{}); !d.Admit {
		t.Fatalf("the literal reading denies a call its bound names: %s", d.Reason)
	}
	for _, r := range []bound.Reading{{Undeclared: 9}, {Prefix: 2}, {EmptyAnd: 5}, {JSON: 3}, {Harden: 1 << 12}} {
		if err := r.Validate(); !errors.Is(err, bound.ErrInvalidReading) {
			t.Errorf("%+v: Validate says %v", r, err)
		}
		if d := r.Check(prov, params, bound.Canon{}); d.Admit || !strings.Contains(d.Reason, "invalid reading") {
			t.Errorf("%+v admits %v (%s)", r, d.Admit, d.Reason)
		}
	}
}

// A constraint is an object with exactly one operator (SEP-3246 section
// 3.1) under every reading of the text: two operators, none, or a value
// that is not an object make the chain malformed, so the call is denied,
// never decided by whichever operator comes first.
func TestEveryReadingRefusesAConstraintThatIsNotOneOperator(t *testing.T) {
	params := []byte(`{"name":"t","arguments":{"a":"x"}}`)
	for _, constraint := range []string{`{"eq":"x","prefix":"y"}`, `{"prefix":"x","eq":"y"}`, `{}`, `"x"`, `["eq","x"]`, `null`} {
		prov := []byte(`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":` + constraint + `}}]}]}`)
		for _, r := range append(bound.TextReadings(), bound.Hardened) {
			if d := r.Check(prov, params, bound.Canon{}); d.Admit || !strings.Contains(d.Reason, "malformed") {
				t.Errorf("%s: constraint %s: admit %v (%s), want a malformed chain", r, constraint, d.Admit, d.Reason)
			}
		}
	}
}
