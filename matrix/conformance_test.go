package matrix

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
)

// conformanceDir is the committed suite, written by make matrix.
var conformanceDir = filepath.Join("..", "docs", "study", "conformance")

// TestConformanceSuite regenerates the committed conformance suite from the
// corpus of the committed study's seed and its committed results.json, and
// compares every file byte for byte (and that no other file is there): the
// suite is in step with the corpus and the labels, and README.md and
// heatmap.svg with the results. The results themselves come from
// make matrix, which runs every implementation.
func TestConformanceSuite(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(conformanceDir, "results.json"))
	if err != nil {
		t.Fatalf("%v: make matrix writes the suite", err)
	}
	var res ConformanceResults
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	cases, err := ConformanceCases(Generate(DefaultSeed))
	if err != nil {
		t.Fatal(err)
	}
	want, err := ConformanceFiles(cases, res)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, c := range cases {
		names[c.Name] = true
	}
	for _, ci := range res.Implementations {
		for _, n := range ci.Failed {
			if !names[n] {
				t.Errorf("results.json: %s fails %s, which is not a case of the suite", ci.Name, n)
			}
		}
	}
	var got []string
	err = filepath.WalkDir(conformanceDir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(conformanceDir, p)
		got = append(got, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(got)
	for _, name := range got {
		data, err := os.ReadFile(filepath.Join(conformanceDir, name))
		if err != nil {
			t.Fatal(err)
		}
		w, ok := want[name]
		switch {
		case !ok:
			t.Errorf("%s is not a file of the suite the corpus writes: rerun make matrix", name)
		case !bytes.Equal(data, w):
			t.Errorf("%s differs from what the corpus and results.json write: rerun make matrix", name)
		}
		delete(want, name)
	}
	for name := range want {
		t.Errorf("%s is missing from the committed suite: rerun make matrix", name)
	}
}

// TestConformanceLabels: the labels follow the clauses on inputs whose
// verdict is known.
func TestConformanceLabels(t *testing.T) {
	cases, err := ConformanceCases([]Input{
		{"a/1", CatKeyOrder, []byte("{\"\ue000\":2,\"😀\":1}")},
		{"a/2", CatDuplicates, []byte(`{"a":1,"a":2}`)},
		{"a/3", CatSurrogates, []byte(`["\ud800"]`)},
		{"a/4", CatTopLevel, []byte(`"x"`)},
		{"a/5", CatBigIntegers, []byte(`[9007199254740993]`)},
		{"a/6", CatNoncharacters, []byte(`["\uffff"]`)},
		{"a/7", CatStructural, []byte(`[1,]`)},
		{"a/8", CatNumbers, []byte(`[1e400]`)},
		{"a/9", CatNegativeZero, []byte(`[-0.0]`)},
		{"a/10", CatDeepNesting, []byte(strings.Repeat("[", 64) + `"[[{"` + strings.Repeat("]", 64))},
		{"a/11", CatDeepNesting, []byte(strings.Repeat("[", 65) + strings.Repeat("]", 65))},
		{"a/12", CatDeepNesting, []byte(strings.Repeat("[", 129) + strings.Repeat("]", 129))},
		{"a/13", CatStructural, []byte("\xef\xbb\xbf[1.0]")},
		{"a/14", CatStructural, []byte("\xef\xbb\xbf[1,]")},
		{"a/15", CatStructural, []byte("[\"a\tb\"]")},
		{"a/16", CatBigIntegers, []byte(`9007199254740993`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ name, out string }{
		{"y_a_1", "{\"😀\":1,\"\ue000\":2}"}, {"n_a_2", ""}, {"n_a_3", ""}, {"i_a_4", `"x"`},
		{"i_a_5", `[9007199254740992]`}, {"i_a_6", "[\"\uffff\"]"}, {"n_a_7", ""}, {"n_a_8", ""}, {"y_a_9", "[0]"},
		{"y_a_10", strings.Repeat("[", 64) + `"[[{"` + strings.Repeat("]", 64)}, {"i_a_11", strings.Repeat("[", 65) + strings.Repeat("]", 65)}, {"i_a_12", ""},
		{"i_a_13", "[1]"}, {"n_a_14", ""}, {"n_a_15", ""}, {"i_a_16", "9007199254740992"},
	}
	if !strings.HasPrefix(cases[14].Clause, "RFC 8259 section 7") || !strings.HasPrefix(cases[12].Clause, "RFC 8259 section 8.1") ||
		!strings.HasPrefix(cases[15].Clause, "RFC 7493 section 2.2") {
		t.Errorf("a raw control character is decided by %q, a byte order mark by %q, a top-level integer past 2^53 by %q", cases[14].Clause, cases[12].Clause, cases[15].Clause)
	}
	for i, c := range cases {
		if c.Name != want[i].name || string(c.Want) != want[i].out || c.Expected != (want[i].out != "") || c.Clause == "" {
			t.Errorf("%s: %s expected %v %q (%s), want %s %q", c.Input, c.Name, c.Expected, c.Want, c.Clause, want[i].name, want[i].out)
		}
	}
}

// TestJudge: each label's verdicts, and the failed cases named.
func TestJudge(t *testing.T) {
	cases, err := ConformanceCases([]Input{
		{"k/1", CatKeyOrder, []byte(`{"b":1,"a":2}`)},
		{"d/1", CatDuplicates, []byte(`{"a":1,"a":2}`)},
		{"t/1", CatTopLevel, []byte(`9007199254740993`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	out := func(s string) Outcome { return Outcome{Class: oracle.Output, Output: []byte(s)} }
	refused := Outcome{Class: oracle.Refusal}
	r := Results{Impls: []Impl{{"good", "", Ours{}}, {"bad", "", Ours{}}, {"shy", "", Ours{}}}, Out: [][]Outcome{
		{out(`{"a":2,"b":1}`), refused, out(`9007199254740992`)},
		{out(`{"b":1,"a":2}`), out(`{"a":2}`), out(`9007199254740993`)},
		{refused, refused, refused},
	}}
	res := Judge(r, cases, "test")
	got := func(ci ConfImpl) [8]int {
		return [8]int{ci.YPass, ci.YOther, ci.YRefused, ci.NRefused, ci.NWritten, ci.IRefused, ci.IWritten, ci.IOther}
	}
	for i, want := range [][8]int{{1, 0, 0, 1, 0, 0, 1, 0}, {0, 1, 0, 0, 1, 0, 0, 1}, {0, 0, 1, 1, 0, 1, 0, 0}} {
		if ci := res.Implementations[i]; got(ci) != want {
			t.Errorf("%s: %v, want %v", ci.Name, got(ci), want)
		}
	}
	if f := res.Implementations[1].Failed; len(f) != 3 || f[0] != "y_k_1" || f[1] != "n_d_1" || f[2] != "i_t_1" {
		t.Errorf("bad fails %q", f)
	}
	if n := res.Implementations[2].ByCategory[CatTopLevel]; n != [2]int{0, 0} {
		t.Errorf("a refused i case is not judged: %v", n)
	}
}
