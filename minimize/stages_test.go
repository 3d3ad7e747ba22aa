package minimize

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/testdocs"
)

// runStage runs one stage on input with signer s and returns the result.
func runStage(t *testing.T, run func(*reducer), input string, s func([]byte) Signature) string {
	t.Helper()
	r := &reducer{ctx: context.Background(), signer: SignerFunc(s), best: []byte(input), failed: map[string]bool{}}
	r.want = Sign(r.signer, r.best)
	if r.want == Pass {
		t.Fatalf("%q does not fail", input)
	}
	run(r)
	return string(r.best)
}

// contains fails when every one of subs is in the input.
func contains(subs ...string) func([]byte) Signature {
	return func(b []byte) Signature {
		for _, s := range subs {
			if !bytes.Contains(b, []byte(s)) {
				return Pass
			}
		}
		return "found"
	}
}

// validWith fails when the input is valid JSON and holds sub.
func validWith(sub string) func([]byte) Signature {
	return func(b []byte) Signature {
		if json.Valid(b) && bytes.Contains(b, []byte(sub)) {
			return "found"
		}
		return Pass
	}
}

// depth3 fails when the input opens at least three containers at once.
func depth3(b []byte) Signature {
	d := 0
	for _, c := range b {
		switch c {
		case '[', '{':
			if d++; d >= 3 {
				return "deep"
			}
		case ']', '}':
			d--
		}
	}
	return Pass
}

// dupName fails when some member name, as written, repeats.
func dupName(b []byte) Signature {
	seen := map[string]bool{}
	toks := tokenize(b)
	for k := 0; k+1 < len(toks); k++ {
		if toks[k].kind == tokString && toks[k+1].kind == tokColon {
			name := string(b[toks[k].start:toks[k].end])
			if seen[name] {
				return "dup"
			}
			seen[name] = true
		}
	}
	return Pass
}

// Each JSON stage makes the step it names, and leaves valid JSON valid.
func TestJSONStages(t *testing.T) {
	cases := []struct {
		name string
		run  func(*reducer)
		in   string
		sig  func([]byte) Signature
		want string
	}{
		{"drop-items: array", dropItems, `[1, 2, "keep", 4, 5]`, contains("keep"), `["keep"]`},
		{"drop-items: object", dropItems, `{"a":1,"b":{"c":"keep","d":2},"e":3}`, contains("keep"), `{"b":{"c":"keep"}}`},
		{"drop-items: last item", dropItems, `[1,2,"keep"]`, contains("keep"), `["keep"]`},
		{"drop-items: unterminated", dropItems, `[1, 2, "keep", 4`, contains("keep"), `["keep"`},
		{"unwrap", unwrap, `{"a":[{"b":"keep"}]}`, contains("keep"), `"keep"`},
		{"unwrap: object to array", unwrap, `{"a":{"b":1,"c":[2]}}`, depth3, `[[1,[2]]]`},
		{"unwrap: unterminated object to array", unwrap, `{"a":{"b":[[`, depth3, `[[[`},
		{"unwrap: an empty container", unwrap, `{"a":[],"b":{}}`, validWith(`"b"`), `{"a":0,"b":0}`},
		{"unwrap keeps what matters", unwrap, `{"a":{"b":1}}`, contains(`{"b"`), `{"b":1}`},
		{"strings: equal ones together", shortenStrings, `{"key":1,"other":2,"key":3}`, dupName, `{"":1,"":2,"":3}`},
		{"strings: by code point", shortenStrings, `["xé😀yz"]`, contains("😀"), `["😀"]`},
		{"strings: an escape is one unit", shortenStrings, `["ab\u00e9cd"]`, contains(`\u00e9`), `["\u00e9"]`},
		{"escapes: literal", replaceEscapes, `["\u00e9\/\n"]`, contains(`"`), `["é/\n"]`},
		{"escapes: surrogate pair", replaceEscapes, `"\ud83d\ude00"`, contains(`"`), `"😀"`},
		{"escapes: a quote stays escaped", replaceEscapes, `"\u0022"`, contains(`"`), `"\u0022"`},
		{"scalars: numbers", simplifyScalars, `[123.5e10, 7, true, "str"]`, validWith(","), `[0, 0, 0, 0]`},
		{"scalars: shorter digits", simplifyScalars, `[123.5e10]`, validWith("e"), `[5e0]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := runStage(t, c.run, c.in, c.sig); got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

func TestByteStages(t *testing.T) {
	cases := []struct {
		name string
		run  func(*reducer)
		in   string
		want string
	}{
		{"cut-tail", cutTail, "ABxxxxxxxxxxx", "AB"},
		{"remove-chunks", removeChunks, "xxxxxxxxAxxxxxxxBxxxxxxx", "AxBx"}, // chunks of 2 and more
		{"remove-bytes", removeBytes, "xAxBx", "AB"},
		{"remove-ranges", removeRanges, "xyAzzBzz", "AB"},
		{"simplify-bytes", simplifyBytes, "ABzz", "AB  "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := runStage(t, c.run, c.in, contains("A", "B")); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// The drop and shorten stages reach a provenance object's hops, a bound's
// rules, a rule's arguments and their operands.
func TestBoundInputsReduce(t *testing.T) {
	in := string(testdocs.Chain(4, 50, func(h int) string { return `"guard-` + strings.Repeat("x", h) + `"` }, func(h, r int) string {
		tool := "read_file"
		if h == 2 && r == 37 {
			tool = "needle"
		}
		return `{"tool":"` + tool + `","args":{"path":{"prefix":"/srv/data/"},"mode":{"in":["r","rw"]}}}`
	}))
	// The signature: the provenance still holds a rule for tool "needle".
	sig := func(input []byte) Signature {
		if bytes.Contains(input, []byte(`"tool":"needle"`)) && bytes.HasPrefix(input, []byte(`{"v":1,"chain":[`)) {
			return "needle"
		}
		return Pass
	}
	res, err := Minimize(context.Background(), []byte(in), SignerFunc(sig), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(res.Input), `{"v":1,"chain":["tool":"needle"`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	got := runStage(t, dropItems, in, sig)
	if want := `{"v":1,"chain":[{"bound":[{"tool":"needle"}]}]}`; got != want {
		t.Errorf("drop-items: got %s, want %s", got, want)
	}
}

func TestStructure(t *testing.T) {
	in := []byte(`{"a": [1, {"b": 2}], "c" : "x"}`)
	cs := structure(in, tokenize(in))
	if len(cs) != 3 {
		t.Fatalf("%d containers", len(cs))
	}
	texts := func(c container) (all, values []string) {
		for _, it := range c.items {
			all = append(all, string(in[it.all.start:it.all.end]))
			values = append(values, string(in[it.value.start:it.value.end]))
		}
		return
	}
	all, values := texts(cs[0])
	if strings.Join(all, "|") != `"a": [1, {"b": 2}]|"c" : "x"` || strings.Join(values, "|") != `[1, {"b": 2}]|"x"` {
		t.Errorf("root: %q %q", all, values)
	}
	if all, _ := texts(cs[1]); strings.Join(all, "|") != `1|{"b": 2}` {
		t.Errorf("array: %q", all)
	}
	// Tolerance: a stray closer, an unterminated string, no closing bracket.
	bad := []byte(`]{"a":"x\"y, [1`)
	cs = structure(bad, tokenize(bad))
	if len(cs) != 1 || cs[0].open != 1 || cs[0].end != len(bad) || len(cs[0].items) != 1 {
		t.Fatalf("tolerant structure: %+v", cs)
	}
}
