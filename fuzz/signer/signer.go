// Package signer names every target a failing input can be replayed
// through, by the name `canonfuzz minimize --target` and findings/ take,
// and gives its signer:
//
//   - a fuzz target of the module (fuzz/spec's registry, found by
//     parsing the module): in failure mode its property, whose violation's
//     Property:Class is the signature; its arguments are minimized one by
//     one, and a generator target's document (the JSON value or call its
//     generator makes) can be minimized as a document too;
//   - a short name (admit, jcs, digest, bound, guard): in outcome mode the
//     target's verdict (fuzz/verdict); in failure mode the properties
//     of the area's fuzz targets whose input is one raw text, the first
//     that fails;
//   - an in-process oracle (cyberphone, gowebpki, jsontext): in outcome
//     mode its answer; in failure mode its departure from targets/jcs
//     (property.CanonicalizeMatchesJCS), signed NAME:CLASS, which is how
//     findings/ pins incumbent behaviour.
package signer

import (
	"errors"
	"fmt"
	"slices"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/gowebpki"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/jsontext"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/fuzz/verdict"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// Replay is one name the minimizer can replay an input through, with
// its signer.
type Replay struct {
	Name   string           // as --target takes it
	Short  string           // the findings folder its vectors go in
	Fuzz   *spec.Target     // the fuzz target whose property signs, nil for a verdict or an oracle
	Params []property.Param // the arguments it takes; one []byte for a short name
	sign   func(values []any) minimize.Signature
	doc    func(doc []byte) minimize.Signature // nil without a document form
}

// ErrUnknownTarget is matched by a *TargetError for a name that is
// neither a fuzz target nor a short name; ErrNoOutcome by one for a fuzz
// target asked for in outcome mode whose input is not one raw text.
var (
	ErrUnknownTarget = errors.New("signer: unknown target")
	ErrNoOutcome     = errors.New("signer: no outcome mode")
)

// TargetError is a --target name that cannot be replayed as asked.
type TargetError struct {
	Name   string
	Reason string
	Err    error // ErrUnknownTarget or ErrNoOutcome
}

func (e *TargetError) Error() string { return fmt.Sprintf("%v %q: %s", e.Err, e.Name, e.Reason) }

// Unwrap returns ErrUnknownTarget or ErrNoOutcome.
func (e *TargetError) Unwrap() error { return e.Err }

// Areas are the short names of the targets, with their verdicts.
var areas = []struct {
	name    string
	verdict func([]byte) minimize.Signature
}{
	{"admit", verdict.Admit}, {"jcs", verdict.JCS}, {"digest", verdict.Digest}, {"bound", verdict.Bound}, {"guard", verdict.Guard},
}

// oracles are the in-process oracles, by the short name findings/ uses.
func oracles() map[string]oracle.Canonicalizer {
	short := map[string]string{cyberphone.Name: "cyberphone", gowebpki.Name: "gowebpki", jsontext.Name: "jsontext"}
	out := map[string]oracle.Canonicalizer{}
	for _, o := range installed.Go() {
		out[short[o.Name()]] = o
	}
	return out
}

// Names lists every name For takes: the short names, the oracles, and
// every fuzz target of the registry.
func Names() []string {
	var names []string
	for _, a := range areas {
		names = append(names, a.name)
	}
	var os []string
	for name := range oracles() {
		os = append(os, name)
	}
	slices.Sort(os)
	names = append(names, os...)
	for _, t := range spec.Targets() {
		names = append(names, t.Name)
	}
	return names
}

// For returns the target of name, in outcome mode (the target's verdict)
// or failure mode (a property failure).
func For(name string, outcome bool) (*Replay, error) {
	if t, ok := spec.Lookup(name); ok {
		return fuzzTarget(t, outcome)
	}
	for _, a := range areas {
		if a.name == name {
			t := &Replay{Name: name, Short: name, Params: []property.Param{property.Bytes}}
			if outcome {
				t.sign = oneText(a.verdict)
			} else {
				t.sign = oneText(areaFailure(name))
			}
			return t, nil
		}
	}
	if o, ok := oracles()[name]; ok {
		t := &Replay{Name: name, Short: name, Params: []property.Param{property.Bytes}}
		if outcome {
			t.sign = oneText(verdict.Oracle(name, o))
		} else {
			t.sign = oneText(func(in []byte) minimize.Signature {
				if v := property.CanonicalizeMatchesJCS(o, in); v != nil {
					return minimize.Signature(name + ":" + v.Class)
				}
				return minimize.Pass
			})
		}
		return t, nil
	}
	return nil, &TargetError{Name: name, Err: ErrUnknownTarget,
		Reason: "not a fuzz target of fuzz/spec's registry, a short name (admit, jcs, digest, bound, guard) or an oracle (cyberphone, gowebpki, jsontext)"}
}

// fuzzTarget is the target of a fuzz target of the registry.
func fuzzTarget(ft *spec.Target, outcome bool) (*Replay, error) {
	t := &Replay{Name: ft.Name, Short: ft.Area, Fuzz: ft, Params: ft.Params}
	if outcome {
		i := slices.IndexFunc(areas, func(a struct {
			name    string
			verdict func([]byte) minimize.Signature
		}) bool {
			return a.name == ft.Area
		})
		if ft.Text == nil || i < 0 {
			return nil, &TargetError{Name: ft.Name, Err: ErrNoOutcome,
				Reason: "its input is not one raw text of a target (" + ft.Input + "): minimize its failure, not an outcome"}
		}
		// The area's verdict: the vector is the area's, as if named by it.
		return &Replay{Name: ft.Name, Short: ft.Area, Params: []property.Param{property.Bytes}, sign: oneText(areas[i].verdict)}, nil
	}
	return bind(t, ft.Real()), nil
}

// ForBinding is the failure-mode target of a fuzz target bound to another
// implementation than the real one, such as a planted fault
// (fuzz/planted): the pipeline's test and the efficacy benchmark minimize
// and record through it exactly as through For.
func ForBinding(b spec.Binding) *Replay {
	ft := b.Target()
	return bind(&Replay{Name: ft.Name, Short: ft.Area, Fuzz: ft, Params: ft.Params}, b)
}

// bind signs with the binding's property.
func bind(t *Replay, b spec.Binding) *Replay {
	t.sign = func(values []any) minimize.Signature { return signature(b.Check(property.Input(values))) }
	if t.Fuzz.Document != "" {
		t.doc = func(doc []byte) minimize.Signature { return signature(b.CheckDocument(doc)) }
	}
	return t
}

// areaFailure checks, on one raw text, the properties of every fuzz
// target of the area whose input is one raw text, in registry order, and
// gives the first violation's signature.
func areaFailure(area string) func([]byte) minimize.Signature {
	return func(text []byte) minimize.Signature {
		for _, ft := range spec.InArea(area) {
			if ft.Text == nil || ft.Node {
				continue
			}
			b := ft.Real()
			for _, in := range ft.Text(text) {
				if v := b.Check(in); v != nil {
					return signature(v)
				}
			}
		}
		return minimize.Pass
	}
}

// signature is a violation's signature, Pass for none.
func signature(v *property.Violation) minimize.Signature {
	if v == nil {
		return minimize.Pass
	}
	return minimize.Signature(v.Signature())
}

// oneText adapts a signer of one text to the arguments form.
func oneText(f func([]byte) minimize.Signature) func([]any) minimize.Signature {
	return func(values []any) minimize.Signature {
		if len(values) != 1 {
			return "signer:arguments"
		}
		switch v := values[0].(type) {
		case []byte:
			return f(v)
		case string:
			return f([]byte(v))
		}
		return "signer:arguments"
	}
}

// SignValues replays the target on its arguments.
func (t *Replay) SignValues(values []any) minimize.Signature { return t.sign(values) }

// Sign replays the target on one byte string: the arguments FromBytes
// reads from it for a target of several arguments (a go-fuzz or libFuzzer
// crasher), the byte string itself otherwise.
func (t *Replay) Sign(input []byte) minimize.Signature { return t.sign(t.fromBytes(input)) }

func (t *Replay) fromBytes(input []byte) []any {
	if len(t.Params) == 1 && t.Params[0] == property.Bytes {
		return []any{input}
	}
	return property.FromBytes(t.Params, input)
}

// Values makes the arguments of a failing input of the target from what
// minimize.ReadValues read: the values of a native Go failure file, which
// must fit the target, or one byte string, read with FromBytes for a
// target of other arguments.
func (t *Replay) Values(read []any) ([]any, error) {
	if t.Fuzz == nil && len(read) > 1 { // a short name reads the first byte string
		for _, v := range read {
			if _, ok := v.([]byte); ok {
				return []any{v}, nil
			}
			if s, ok := v.(string); ok {
				return []any{[]byte(s)}, nil
			}
		}
	}
	if len(read) == 1 {
		if b, ok := read[0].([]byte); ok && !(len(t.Params) == 1 && t.Params[0] == property.String) {
			return t.fromBytes(b), nil
		}
		if b, ok := read[0].([]byte); ok {
			return []any{string(b)}, nil
		}
	}
	if err := property.Fits(t.Params, read); err != nil {
		return nil, fmt.Errorf("signer: %s: %w", t.Name, err)
	}
	return read, nil
}

// Payload is how a vector holds the arguments: the bytes of a lone []byte
// or string argument, the `go test fuzz v1` text of several.
func (t *Replay) Payload(values []any) ([]byte, error) {
	if len(values) == 1 {
		switch v := values[0].(type) {
		case []byte:
			return v, nil
		case string:
			return []byte(v), nil
		}
	}
	return minimize.MarshalValues(values)
}

// PayloadValues reads the arguments back from a vector's payload.
func (t *Replay) PayloadValues(payload []byte) ([]any, error) {
	if len(t.Params) == 1 {
		switch t.Params[0] {
		case property.Bytes:
			return []any{payload}, nil
		case property.String:
			return []any{string(payload)}, nil
		}
	}
	values, err := minimize.UnmarshalValues("payload", payload)
	if err != nil {
		return nil, err
	}
	return t.Values(values)
}

// HasDocument reports whether the target's generator makes a document
// (a JSON value, a tools/call request, a message) that can be minimized
// on its own.
func (t *Replay) HasDocument() bool { return t.doc != nil }

// Document is the document the target's generator makes of values, nil
// without one.
func (t *Replay) Document(values []any) []byte {
	if t.doc == nil {
		return nil
	}
	return t.Fuzz.DocumentOf(property.Input(values))
}

// DocumentSigner holds the target's property on a document; nil without a
// document form.
func (t *Replay) DocumentSigner() minimize.Signer {
	if t.doc == nil {
		return nil
	}
	return minimize.SignerFunc(t.doc)
}
