package planted_test

import (
	"bytes"
	"context"
	"fmt"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/fuzz/signer"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/internal/modroot"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// TestMain stops the Node oracles the variants of the Node targets start.
func TestMain(m *testing.M) {
	code := m.Run()
	installed.Close()
	os.Exit(code)
}

// plantedLimit bounds the executions a property gets to find its fault
// after the seeds.
const plantedLimit = 20000

// minimizeTime bounds each minimization; a run stopped by it must still
// keep its signature.
const minimizeTime = 20 * time.Second

// TestEveryFuzzTargetIsDrivenToAFailureAndMinimized: every fuzz target
// of the registry (which fuzz/spec's TestEveryFuzzTargetIsInTheRegistry
// holds to the module's native targets and go-fuzz entry points) has a
// planted variant; each variant's property fails on
// the target's seeds, the variant's own seeds, or a seeded stream of
// generated and mutated inputs, on an input the real target passes; and
// the failing input minimizes, through the minimizer's signer of the
// binding (signer.ForBinding, as findings.Reduce takes it), to arguments
// no larger with exactly its signature, and for a generator target its
// document too when the document alone fails so.
func TestEveryFuzzTargetIsDrivenToAFailureAndMinimized(t *testing.T) {
	var names []string
	for _, target := range spec.Targets() {
		names = append(names, target.Name)
	}
	if len(names) < 30 {
		t.Fatalf("found only %d fuzz targets: is the search broken?", len(names))
	}
	variants := spec.Variants()
	for _, name := range names {
		var mine []spec.Variant
		for _, v := range variants {
			if v.Target == name {
				mine = append(mine, v)
			}
		}
		if len(mine) == 0 {
			t.Errorf("%s has no planted variant: add one to Variants", name)
		}
		for _, v := range mine {
			t.Run(name+"/"+v.Fault, func(t *testing.T) { driveAndMinimize(t, v) })
		}
	}
	for _, v := range variants {
		if !slices.Contains(names, v.Target) {
			t.Errorf("variant %q names %s, which the module does not declare", v.Fault, v.Target)
		}
	}
}

// driveAndMinimize finds a failure of one variant and minimizes it.
func driveAndMinimize(t *testing.T, v spec.Variant) {
	b, err := v.Binding()
	if err != nil {
		t.Fatal(err)
	}
	target := b.Target()
	real := target.Real()
	list, err := spec.SeedsOf(target.Name)
	if err != nil {
		t.Fatal(err)
	}
	var catalogue []property.Input
	for _, s := range list {
		catalogue = append(catalogue, s.Values)
	}
	began := time.Now()
	in, viol, how := property.Input(nil), (*property.Violation)(nil), ""
	for _, s := range v.Seeds { // written for the fault's class; the real target may fail on them too
		if viol = b.Check(s); viol != nil {
			in, how = s, "the variant's own seed"
			break
		}
	}
	for i, s := range catalogue {
		if viol != nil {
			break
		}
		if viol = b.Check(s); viol != nil && real.Check(s) == nil {
			in, how = s, "catalogue seed "+list[i].Name
		} else {
			viol = nil
		}
	}
	r := rand.New(rand.NewPCG(8785, 3246))
	for n := 1; viol == nil && n <= plantedLimit; n++ {
		s := next(r, target, catalogue)
		if viol = b.Check(s); viol != nil && real.Check(s) == nil {
			in, how = s, "the generated stream, execution "+itoa(n)
		} else {
			viol = nil
		}
	}
	if viol == nil {
		t.Fatalf("%s does not find %q on its seeds or in %d generated executions", target.Name, v.Fault, plantedLimit)
	}
	t.Logf("found by %s in %v: %.300v", how, time.Since(began).Round(time.Millisecond), viol)
	s := signer.ForBinding(b)
	want := minimize.Signature(viol.Signature())
	res, err := minimize.MinimizeValues(context.Background(), in, s, minimize.Options{Time: minimizeTime})
	if err != nil {
		t.Fatal(err)
	}
	if res.Signature != want || minimize.SignValues(s, res.Values) != want || res.Stats.SizeAfter > res.Stats.SizeBefore {
		t.Fatalf("minimized to %v, signing %s (reported %s); want %s, no larger than %d bytes",
			res.Values, minimize.SignValues(s, res.Values), res.Signature, want, res.Stats.SizeBefore)
	}
	t.Logf("minimized %d -> %d bytes in %v (%d tries, complete %v): %s", res.Stats.SizeBefore, res.Stats.SizeAfter,
		res.Stats.Elapsed.Round(time.Millisecond), res.Stats.Tries, res.Stats.Complete, describe(res.Values))
	if !s.HasDocument() {
		return
	}
	doc := s.Document(res.Values)
	ds := s.DocumentSigner()
	if got := minimize.Sign(ds, doc); got != want {
		t.Logf("the document %q alone signs %s, not %s: no document vector", doc, got, want)
		return
	}
	dres, err := minimize.Minimize(context.Background(), doc, ds, minimize.Options{Time: minimizeTime})
	if err != nil || dres.Signature != want || minimize.Sign(ds, dres.Input) != want || len(dres.Input) > len(doc) {
		t.Fatalf("the document %q minimized to %q, %v, signing %s; want %s", doc, dres.Input, err, minimize.Sign(ds, dres.Input), want)
	}
	t.Logf("document %d -> %d bytes: %q", len(doc), len(dres.Input), dres.Input)
}

// next is one input of the stream that stands in for a fuzzer: for a
// target whose input is one raw text, a writing of a generated value
// (plain, random or hostile, sometimes with a byte changed); otherwise,
// half the time a catalogue seed mutated as the Go fuzzer mutates bytes,
// half the time random bytes, each read as the target's arguments.
func next(r *rand.Rand, target *spec.Target, catalogue []property.Input) property.Input {
	if target.Text != nil && r.IntN(2) == 0 {
		readings := target.Text(rawText(r))
		return readings[r.IntN(len(readings))]
	}
	if len(catalogue) > 0 && r.IntN(2) == 0 {
		if b, ok := property.ToBytes(target.Params, catalogue[r.IntN(len(catalogue))]); ok {
			return target.FromBytes(mutate(b, r))
		}
	}
	return target.FromBytes(randomData(r))
}

// randomData is up to 512 random bytes.
func randomData(r *rand.Rand) []byte {
	b := make([]byte, r.IntN(513))
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// rawText is a JSON text as a fuzzer might hold one.
func rawText(r *rand.Rand) []byte {
	v := gen.Generate(randomData(r))
	var text []byte
	switch r.IntN(3) {
	case 0:
		text = gen.Write(v, r.Uint64()|1)
	case 1:
		text, _ = gen.Hostile(v, r.Uint64())
	default:
		text = gen.Fragments(r)
	}
	if r.IntN(3) == 0 && len(text) > 0 {
		text = mutate(text, r)
	}
	return text
}

// mutate applies one to three of the Go fuzzer's kinds of byte mutation
// to a copy of b.
func mutate(b []byte, r *rand.Rand) []byte {
	b = slices.Clone(b)
	for n := 1 + r.IntN(3); n > 0; n-- {
		if len(b) == 0 {
			b = append(b, byte(r.Uint32()))
			continue
		}
		i, j := r.IntN(len(b)), r.IntN(len(b))
		switch r.IntN(5) {
		case 0:
			b[i] = byte(r.Uint32())
		case 1:
			b = slices.Insert(b, i, byte(r.Uint32()))
		case 2:
			b = slices.Delete(b, i, i+1)
		case 3:
			copy(b[j:], b[i:min(len(b), i+1+r.IntN(16))])
		default:
			span := slices.Clone(b[i:min(len(b), i+1+r.IntN(16))])
			b = slices.Insert(b, j, span...)
		}
	}
	return b
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestFixturesFailAndMinimize: each fixture's fuzz target fails on a
// document with its trigger and minimizes with its signature kept.
func TestFixturesFailAndMinimize(t *testing.T) {
	triggers := map[string]string{
		"LastWins": `{"k":true,"mid":"x","k":[1,2]}`, "Substitute": `{"k":true,"mid":"x\udc00y"}`,
		"CodePointOrder": `{"k":true,"\ue000":1,"\ud83d\ude00":2}`, "EncodingJSON": `{"k":true,"mid":"x","k":[1,"\udc00"]}`,
	}
	for target, name := range planted.FixtureTargets {
		s, ok := planted.Signer(name)
		if !ok {
			t.Fatalf("%s: no fixture %s", target, name)
		}
		in := []byte(triggers[name])
		want := minimize.Sign(s, in)
		if !strings.HasPrefix(string(want), "planted:"+name+":") {
			t.Fatalf("%s on %s signs %q", name, in, want)
		}
		res, err := minimize.Minimize(context.Background(), in, s, minimize.Options{Time: minimizeTime})
		if err != nil || res.Signature != want || minimize.Sign(s, res.Input) != want || len(res.Input) > len(in) {
			t.Fatalf("%s: %q, %v", name, res.Input, err)
		}
		t.Logf("%s (%s): %q -> %q", target, want, in, res.Input)
	}
	if len(planted.Fixtures()) != len(planted.FixtureTargets) {
		t.Errorf("fixtures %v, fixture targets %v", planted.Fixtures(), planted.FixtureTargets)
	}
}

// TestShippedBinaryLinksNoPlantedCode: canonfuzz as shipped, the product
// build (no tags, what go install gives a user: the commands people run
// in front of an MCP server), links no planted fault, nor the registry
// that names them (fuzz/spec), nor anything else of fuzz/
// (cmd/canonfuzz's TestProductLinksOnlyTheTargets holds the whole list).
// The research build (-tags lab) does link fuzz/planted, through the spec
// files that name each target's variants, which shows the check sees
// what it looks for; that is allowed (fuzz/README.md says why): the
// variants are inert values there, bound only by the planted build's
// CANONFUZZ_PLANTED. Every non-test file outside fuzz/planted and the
// registry that imports it is built only under the planted, gofuzz or
// minimizecompare tag, or is a harness no build of canonfuzz links.
func TestShippedBinaryLinksNoPlantedCode(t *testing.T) {
	root, err := modroot.Find()
	if err != nil {
		t.Fatal(err)
	}
	const module = "github.com/canonfuzz/canonfuzz/"
	deps := func(tags string) []string {
		cmd := exec.Command("go", "list", "-tags="+tags, "-deps", "./cmd/canonfuzz")
		cmd.Dir = root
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -tags=%s -deps ./cmd/canonfuzz: %v", tags, err)
		}
		if !bytes.Contains(out, []byte(module+"targets/jcs\n")) {
			t.Fatalf("go list gave no dependencies of canonfuzz:\n%s", out)
		}
		return strings.Split(strings.TrimSpace(string(out)), "\n")
	}
	shipped := deps("")
	for _, p := range shipped {
		if strings.HasPrefix(p, module+"fuzz/") {
			t.Errorf("the product build of cmd/canonfuzz links %s", p)
		}
	}
	if !slices.Contains(deps("lab"), module+"fuzz/planted") {
		t.Errorf("the research build of cmd/canonfuzz does not link fuzz/planted: the spec files no longer name their variants, or this check sees nothing")
	}
	// Harness packages that import planted in every build, and why none
	// of the shipped packages can reach them.
	harness := map[string]string{
		"fuzz/spec":                      "the registry: each spec file names its target's planted variants (Target.Planted)",
		"fuzz/minimize/libfuzzercompare": "the libFuzzer entry points of the planted fixtures, built only by go-fuzz-build (fuzz/minimize/compare-libfuzzer.sh)",
	}
	for _, file := range plantedImporters(t, root) {
		dir := filepath.ToSlash(filepath.Dir(file.path))
		if harness[dir] != "" {
			if slices.Contains(shipped, module+dir) {
				t.Errorf("cmd/canonfuzz links %s, the harness of %s", dir, harness[dir])
			}
			continue
		}
		expr, ok := file.constraint, file.constraint != nil
		if !ok || expr.Eval(func(tag string) bool { return tag != "planted" && tag != "gofuzz" && tag != "minimizecompare" }) {
			t.Errorf("%s imports fuzz/planted and is built without the planted, gofuzz or minimizecompare tag", file.path)
		}
	}
}

// importer is a non-test Go file that imports fuzz/planted.
type importer struct {
	path       string
	constraint constraint.Expr // its //go:build line, nil without one
}

// plantedImporters parses every non-test Go file of the module outside
// fuzz/planted (not testdata, work, hidden or node_modules folders) and
// returns those that import fuzz/planted.
func plantedImporters(t *testing.T, root string) []importer {
	t.Helper()
	var found []importer
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || n == "work" || n == "node_modules" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || strings.HasPrefix(filepath.ToSlash(rel), "fuzz/planted/") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		for _, imp := range f.Imports {
			if imp.Path.Value != `"github.com/canonfuzz/canonfuzz/fuzz/planted"` {
				continue
			}
			file := importer{path: rel}
			for _, g := range f.Comments {
				for _, c := range g.List {
					if constraint.IsGoBuild(c.Text) {
						file.constraint, _ = constraint.Parse(c.Text)
					}
				}
			}
			found = append(found, file)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 {
		t.Fatal("no file imports fuzz/planted: the efficacy command is gone, or the search is broken")
	}
	return found
}

// describe writes arguments for the log: byte strings quoted, cut at 200
// bytes, numbers as numbers.
func describe(values []any) string {
	var parts []string
	for _, v := range values {
		s := fmt.Sprint(v)
		switch v.(type) {
		case []byte, string:
			s = fmt.Sprintf("%q", v)
		}
		if len(s) > 200 {
			s = s[:200] + "…"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}
