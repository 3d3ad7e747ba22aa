package spec

import (
	"fmt"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// Target is one fuzz target of the module, as its spec file declares it:
// where its native stub is, the property it holds and on what, its
// oracles, its seeds, its document form, and the implementation the
// property is checked on. The native fuzz target (fuzz/native), the
// go-fuzz and libFuzzer entry points (fuzz/gofuzz), the planted-fault
// tests (fuzz/planted), the minimizer's signer (fuzz/signer), findings/'
// replay and the campaign all check it through Real or With.
type Target struct {
	Name string // the native fuzz target, FuzzX
	// Stub is the file of its one-line native stub, relative to the module
	// root (fuzz/admit/admit_test.go); register sets Dir, File and Area
	// from it.
	Stub     string
	Dir      string           // the package of its stub: fuzz/admit
	File     string           // the stub's file in Dir
	Area     string           // the short name its vectors are filed under in findings/, Dir's last element: admit, jcs, digest, bound, guard, minimize
	Property string           // the property function of fuzz/property it checks; by default Name without "Fuzz"
	Checks   string           // what the property checks, in a line
	Input    string           // what its arguments are, for people
	Oracles  []string         // what the property holds the implementation to
	Params   []property.Param // the types of its arguments; by default one byte string
	Node     bool             // it needs the Node oracle processes (Start)
	GoFuzz   bool             // it has a go-fuzz and libFuzzer entry point (fuzz/gofuzz, generated)
	// Text is set for a target whose input can be one raw text of its area
	// (a JSON document, a tools/call request, a provenance object): the
	// inputs that text is checked as, such as one per profile. The short
	// area names of the minimizer replay those.
	Text func(text []byte) []property.Input
	// Seeds are its curated inputs, each with what it probes; Sources read
	// more from vector folders when it is seeded (AllSeeds).
	Seeds   []seeds.Seed
	Sources []seeds.Source
	// Document says what the generator of a generator-bytes target makes
	// (a JSON value, a tools/call request, a message); empty when it
	// makes none. DocumentOf writes it and CheckDocument holds the
	// property on such a document directly, so that a minimized failure
	// can also be read as the document.
	Document string
	// Planted are its planted faults (fuzz/planted), at least one: the
	// planted-fault test drives each to a failure, docs/PLANTED-FAULTS.md
	// lists them (TestPlantedFaultsTable) and the efficacy benchmark runs
	// those marked Efficacy.
	Planted []Variant
	// Spec is the file that declares it, in fuzz/spec.
	Spec string

	impl     string // the implementation's type, for messages
	real     any
	accepts  func(impl any) bool
	check    func(impl any, in property.Input) *property.Violation
	docOf    func(in property.Input) []byte
	checkDoc func(impl any, doc []byte) *property.Violation
}

// Checked is what a spec file adds to its Target: the implementation the
// module ships, of the type I the property takes, the check of one input,
// and for a target with a document form (Target.Document) the document the
// generator makes of an input and the check of such a document.
type Checked[I any] struct {
	Real          I
	Check         func(impl I, in property.Input) *property.Violation
	DocumentOf    func(in property.Input) []byte
	CheckDocument func(impl I, doc []byte) *property.Violation

	params   []property.Param                   // the parameters the property's signature names (check.go)
	text     func(text []byte) []property.Input // the Target's Text its constructor implies (textTwice)
	document string                             // the Target's Document its generator says (withDocument)
}

// specs is every target the spec files register, in the order package
// initialization runs them; registry sorts it.
var specs []*Target

// register adds the target a spec file declares to the registry; it
// panics (at package initialization, so every test fails) on a target
// that does not say what it checks or has no seeds at all.
func register[I any](t Target, c Checked[I]) *Target {
	if _, file, _, ok := runtime.Caller(1); ok {
		t.Spec = filepath.Base(file)
	}
	t.Dir, t.File = path.Split(t.Stub)
	t.Dir = strings.TrimSuffix(t.Dir, "/")
	t.Area = path.Base(t.Dir)
	if t.Property == "" {
		t.Property = strings.TrimPrefix(t.Name, "Fuzz")
	}
	if t.Params != nil && c.params != nil && !slices.Equal(t.Params, c.params) {
		panic("spec: " + t.Name + " (" + t.Spec + ") names parameters its property's signature does not take")
	}
	if t.Params == nil {
		t.Params = c.params
	}
	if t.Params == nil {
		t.Params = []property.Param{property.Bytes}
	}
	if t.Document != "" && c.document != "" && t.Document != c.document {
		panic("spec: " + t.Name + " (" + t.Spec + ") names a document its generator does not make")
	}
	if t.Document == "" {
		t.Document = c.document
	}
	if t.Text == nil {
		t.Text = c.text
	}
	if t.Checks == "" || t.Dir == "" || len(t.Seeds)+len(t.Sources) == 0 {
		panic("spec: " + t.Name + " (" + t.Spec + ") does not say what it checks or where its stub is, or has no seeds")
	}
	if (t.Document == "") != (c.DocumentOf == nil) || (c.DocumentOf == nil) != (c.CheckDocument == nil) {
		panic("spec: " + t.Name + " (" + t.Spec + ") has half a document form")
	}
	for i, v := range t.Planted {
		if _, ok := v.Impl.(I); !ok || v.Fault == "" {
			panic(fmt.Sprintf("spec: %s (%s): planted variant %q is a %T, not the %T its property checks", t.Name, t.Spec, v.Fault, v.Impl, c.Real))
		}
		t.Planted[i].Target = t.Name
	}
	t.real = c.Real
	t.impl = fmt.Sprintf("%T", c.Real)
	t.accepts = func(impl any) bool { _, ok := impl.(I); return ok }
	t.check = func(impl any, in property.Input) *property.Violation { return c.Check(impl.(I), in) }
	if c.DocumentOf != nil {
		t.docOf = c.DocumentOf
		t.checkDoc = func(impl any, doc []byte) *property.Violation { return c.CheckDocument(impl.(I), doc) }
	}
	specs = append(specs, &t)
	return &t
}

// Start starts what the property needs beyond the process: the Node
// oracles, once, kept for every later check until installed.Close.
func (t *Target) Start() error {
	if t.Node {
		_, err := installed.Node()
		return err
	}
	return nil
}

// AllSeeds returns every seed of t: its spec file's and those its sources
// read. It fails for a source that cannot be read or gives nothing, and
// for an empty result: a target without seeds would replay nothing.
func (t *Target) AllSeeds() ([]seeds.Seed, error) {
	out := slices.Clone(t.Seeds)
	for _, src := range t.Sources {
		got, err := src.Read()
		if err == nil && len(got) == 0 {
			err = fmt.Errorf("no files")
		}
		if err != nil {
			return nil, fmt.Errorf("spec: %s: %s: %w", t.Name, src.Comment, err)
		}
		out = append(out, got...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("spec: %s has no seeds: it would replay nothing", t.Name)
	}
	return out, nil
}

// SeedsOf returns every seed of the target name (AllSeeds), or an error for
// a name the registry does not hold.
func SeedsOf(name string) ([]seeds.Seed, error) {
	t, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("spec: the registry has no target %s", name)
	}
	return t.AllSeeds()
}

// Binding is a target with an implementation plugged in.
type Binding struct {
	t    *Target
	impl any
}

// Real binds t to the implementation the module ships.
func (t *Target) Real() Binding { return Binding{t, t.real} }

// With binds t to another implementation of the same type, such as a
// planted fault.
func (t *Target) With(impl any) (Binding, error) {
	if !t.accepts(impl) {
		return Binding{}, fmt.Errorf("spec: %s checks a %s, not a %T", t.Name, t.impl, impl)
	}
	return Binding{t, impl}, nil
}

// Target is the target b checks.
func (b Binding) Target() *Target { return b.t }

// Check holds the property on in. Arguments of the wrong number or types
// are a violation of class "arguments", never a panic.
func (b Binding) Check(in property.Input) *property.Violation {
	if err := property.Fits(b.t.Params, in); err != nil {
		return &property.Violation{Property: b.t.Property, Class: "arguments", Detail: err.Error(), Input: in}
	}
	v := b.t.check(b.impl, in)
	if v != nil && v.Input == nil {
		v.Input = in
	}
	return v
}

// DocumentOf is the document t's generator makes of in, or nil for a
// target without one.
func (t *Target) DocumentOf(in property.Input) []byte {
	if t.docOf == nil || property.Fits(t.Params, in) != nil {
		return nil
	}
	return t.docOf(in)
}

// CheckDocument holds the property on a document such as DocumentOf
// writes; a target without a document form reports class "document".
func (b Binding) CheckDocument(doc []byte) *property.Violation {
	if b.t.checkDoc == nil {
		return &property.Violation{Property: b.t.Property, Class: "document", Detail: b.t.Name + " has no document form"}
	}
	v := b.t.checkDoc(b.impl, doc)
	if v != nil && v.Input == nil {
		v.Input = property.Input{doc}
	}
	return v
}

// FromBytes reads t's arguments from one byte string (property.FromBytes).
func (t *Target) FromBytes(data []byte) property.Input { return property.FromBytes(t.Params, data) }

// registry is every target, by package and name.
var registry = sync.OnceValue(func() []*Target {
	all := slices.Clone(specs)
	slices.SortFunc(all, func(a, b *Target) int {
		if c := strings.Compare(a.Dir, b.Dir); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	for i, t := range all {
		if i > 0 && t.Name == all[i-1].Name {
			panic("spec: two targets named " + t.Name)
		}
	}
	return all
})

// Targets lists every fuzz target of the module, by package and name.
func Targets() []*Target { return registry() }

// Lookup finds a target by its name.
func Lookup(name string) (*Target, bool) {
	for _, t := range registry() {
		if t.Name == name {
			return t, true
		}
	}
	return nil, false
}

// InArea lists the targets whose vectors are filed under area.
func InArea(area string) []*Target {
	var out []*Target
	for _, t := range registry() {
		if t.Area == area {
			out = append(out, t)
		}
	}
	return out
}
