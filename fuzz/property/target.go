package property

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Target is one fuzz target of the module: its native Go fuzz target, the
// property it holds, how its input reads from bytes, and the
// implementation the property is checked on. The native fuzz target, the
// go-fuzz and libFuzzer entry points (fuzz/gofuzz), the planted-fault
// tests (fuzz/planted) and the minimizer (fuzz/signer) all check it
// through Real or With.
type Target struct {
	Name     string   // the native fuzz target, FuzzX
	Dir      string   // its package, relative to the module root: fuzz/admit
	File     string   // its file in Dir
	Area     string   // the short name its vectors are filed under in findings/: admit, jcs, digest, bound, guard, minimize
	Property string   // the property function of this package it checks
	Checks   string   // what the property checks, in a line
	Input    string   // what its arguments are, for people
	Oracles  []string // what the property holds the implementation to
	Params   []Param  // the types of its arguments
	Node     bool     // it needs the Node oracle processes (Start)
	// Text is set for a target whose input can be one raw text of its area
	// (a JSON document, a tools/call request, a provenance object): the
	// inputs that text is checked as, such as one per profile. The short
	// area names of the minimizer replay those.
	Text func(text []byte) []Input
	// Document says what the generator of a generator-bytes target makes
	// (a JSON value, a tools/call request, a message); empty when it
	// makes none. DocumentOf writes it and CheckDocument holds the
	// property on such a document directly, so that a minimized failure
	// can also be read as the document.
	Document string

	impl     string // the implementation's type, for messages
	real     any
	accepts  func(impl any) bool
	check    func(impl any, in Input) *Violation
	docOf    func(in Input) []byte
	checkDoc func(impl any, doc []byte) *Violation
}

// define makes a target whose property checks implementations of type I,
// real being the one under test in the module.
func define[I any](t Target, real I, check func(impl I, in Input) *Violation) *Target {
	t.real = real
	t.impl = fmt.Sprintf("%T", real)
	t.accepts = func(impl any) bool { _, ok := impl.(I); return ok }
	t.check = func(impl any, in Input) *Violation { return check(impl.(I), in) }
	return &t
}

// withDocument gives t its document form: of writes the document the
// generator makes of an input, check holds the property on a document.
func withDocument[I any](t *Target, what string, of func(in Input) []byte, check func(impl I, doc []byte) *Violation) *Target {
	t.Document = what
	t.docOf = of
	t.checkDoc = func(impl any, doc []byte) *Violation { return check(impl.(I), doc) }
	return t
}

// Start starts what the property needs beyond the process: the Node
// oracles, once, kept for every later check until Close.
func (t *Target) Start() error {
	if t.Node {
		_, err := nodeOracles()
		return err
	}
	return nil
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
		return Binding{}, fmt.Errorf("property: %s checks a %s, not a %T", t.Name, t.impl, impl)
	}
	return Binding{t, impl}, nil
}

// Target is the target b checks.
func (b Binding) Target() *Target { return b.t }

// Check holds the property on in. Arguments of the wrong number or types
// are a violation of class "arguments", never a panic.
func (b Binding) Check(in Input) *Violation {
	if err := Fits(b.t.Params, in); err != nil {
		return &Violation{Property: b.t.Property, Class: "arguments", Detail: err.Error(), Input: in}
	}
	v := b.t.check(b.impl, in)
	if v != nil && v.Input == nil {
		v.Input = in
	}
	return v
}

// DocumentOf is the document t's generator makes of in, or nil for a
// target without one.
func (t *Target) DocumentOf(in Input) []byte {
	if t.docOf == nil || Fits(t.Params, in) != nil {
		return nil
	}
	return t.docOf(in)
}

// CheckDocument holds the property on a document such as DocumentOf
// writes; a target without a document form reports class "document".
func (b Binding) CheckDocument(doc []byte) *Violation {
	if b.t.checkDoc == nil {
		return &Violation{Property: b.t.Property, Class: "document", Detail: b.t.Name + " has no document form"}
	}
	v := b.t.checkDoc(b.impl, doc)
	if v != nil && v.Input == nil {
		v.Input = Input{doc}
	}
	return v
}

// FromBytes reads t's arguments from one byte string (see FromBytes).
func (t *Target) FromBytes(data []byte) Input { return FromBytes(t.Params, data) }

// registry is every target, by package and name.
var registry = sync.OnceValue(func() []*Target {
	var all []*Target
	for _, area := range [][]*Target{admitTargets(), jcsTargets(), digestTargets(), boundTargets(), guardTargets(), minimizeTargets()} {
		all = append(all, area...)
	}
	slices.SortFunc(all, func(a, b *Target) int {
		if c := strings.Compare(a.Dir, b.Dir); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	for i, t := range all {
		if i > 0 && t.Name == all[i-1].Name {
			panic("property: two targets named " + t.Name)
		}
		if t.Checks = checks[t.Name]; t.Checks == "" {
			panic("property: " + t.Name + " does not say what it checks (checks.go)")
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
