package minimize

import (
	"bytes"
	"encoding/json"
	"errors"
	"sort"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// The planted-fault canonicalizers the minimizer is measured on
// (docs/MINIMIZE.md): the three of fuzz/planted, and EncodingJSON, which
// has two faults one input can reach.
var plantedVariants = map[string]func([]byte) ([]byte, error){
	"LastWins":       planted.LastWins,
	"Substitute":     planted.Substitute,
	"CodePointOrder": planted.CodePointOrder,
	"EncodingJSON":   plantedEncodingJSON,
}

// PlantedVariants returns the names PlantedSigner takes, sorted.
func PlantedVariants() []string {
	names := make([]string, 0, len(plantedVariants))
	for n := range plantedVariants {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// PlantedSigner compares the planted-fault canonicalizer name with
// jcs.Canonicalize and names the divergence:
//
//	planted:NAME:admits:KIND   it writes output for what jcs refuses as KIND
//	planted:NAME:refuses       it refuses what jcs admits
//	planted:NAME:output-differs
//
// It returns false for a name PlantedVariants does not list.
func PlantedSigner(name string) (Signer, bool) {
	impl, ok := plantedVariants[name]
	if !ok {
		return nil, false
	}
	return SignerFunc(func(in []byte) Signature {
		want, werr := jcs.Canonicalize(in, admit.Options{})
		got, gerr := impl(in)
		switch {
		case werr != nil && gerr == nil:
			return Signature("planted:" + name + ":admits:" + admitVerdict(werr))
		case werr == nil && gerr != nil:
			return Signature("planted:" + name + ":refuses")
		case werr == nil && !bytes.Equal(want, got):
			return Signature("planted:" + name + ":output-differs")
		}
		return Pass
	}), true
}

// plantedEncodingJSON is jcs.Canonicalize, except that what jcs refuses
// for a duplicate name or for a string that is not Unicode scalars it
// reads with encoding/json instead, which keeps the last member of a name
// and turns invalid UTF-8 and lone surrogates into U+FFFD. Its signature is
// jcs's first refusal, so one input can hold both faults: a duplicate
// first and a lone surrogate after it signs admits:DuplicateMember, and
// the same input without the duplicate admits:StringNotScalar.
func plantedEncodingJSON(in []byte) ([]byte, error) {
	out, err := jcs.Canonicalize(in, admit.Options{})
	if !errors.Is(err, admit.DuplicateMember) && !errors.Is(err, admit.StringNotScalar) {
		return out, err
	}
	var v any
	if json.Unmarshal(in, &v) != nil {
		return nil, err
	}
	return gen.Canonical(genValue(v)), nil
}

// genValue converts what encoding/json decodes into a gen.Value.
func genValue(v any) gen.Value {
	switch v := v.(type) {
	case bool:
		return gen.Value{Kind: gen.Bool, Bool: v}
	case float64:
		return gen.Value{Kind: gen.Number, Num: v}
	case string:
		return gen.Value{Kind: gen.String, Str: v}
	case []any:
		a := gen.Value{Kind: gen.Array, Elems: []gen.Value{}}
		for _, e := range v {
			a.Elems = append(a.Elems, genValue(e))
		}
		return a
	case map[string]any:
		o := gen.Value{Kind: gen.Object, Members: []gen.Member{}}
		for name, e := range v {
			o.Members = append(o.Members, gen.Member{Name: name, Value: genValue(e)})
		}
		return o
	}
	return gen.Value{} // null
}
