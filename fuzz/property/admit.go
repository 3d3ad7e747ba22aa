package property

import (
	"bytes"
	"errors"
	"reflect"

	"github.com/canonfuzz/canonfuzz/fuzz/verdict"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/go-json-experiment/json/jsontext"
)

// Scanner is an admission scanner under test: admit.Scan, admit.Reference,
// or a planted variant.
type Scanner = func(input []byte, opts admit.Options) error

// admitRuleSets are the option sets every input is scanned under: both
// profiles, depth caps small enough for short inputs to cross, and a size
// cap short inputs reach. Each has the name its violations carry.
var admitRuleSets = []struct {
	name string
	opts admit.Options
}{
	{"rfc8785", admit.Options{}},
	{"ijson", admit.Options{Profile: admit.IJSON}},
	{"depth1", admit.Options{MaxDepth: 1}},
	{"ijson-depth2", admit.Options{Profile: admit.IJSON, MaxDepth: 2}},
	{"depth3-size24", admit.Options{MaxDepth: 3, MaxSize: 24}},
}

// ScanMatchesReference: under every rule set, scan and admit.Reference
// (the slow twin, written from the grammar) give the same verdict, both
// admitting or the same kind at the same offset for the same rule
// (admit.Reason: input ending inside an escape is not input ending inside
// a string); scan gives it twice and leaves its input alone. Classes:
// SET:nondeterministic, SET:wrote-input, SET:untyped,
// SET:kind:Scan=K,Reference=K, SET:offset:K, SET:reason:K.
func ScanMatchesReference(scan Scanner, input []byte) *Violation {
	const name = "ScanMatchesReference"
	kept := bytes.Clone(input)
	for _, set := range admitRuleSets {
		got := scan(input, set.opts)
		if again := scan(input, set.opts); !reflect.DeepEqual(got, again) {
			return violated(name, set.name+":nondeterministic", "%v, then %v", got, again)
		}
		if !bytes.Equal(input, kept) {
			return violated(name, set.name+":wrote-input", "the scanner wrote to its input")
		}
		ref := admit.Reference(input, set.opts)
		var ge, re *admit.Error
		if got != nil && !errors.As(got, &ge) {
			return violated(name, set.name+":untyped", "refused with %T %v, not an *admit.Error", got, got)
		}
		errors.As(ref, &re)
		sv, rv := verdict.AdmitKind(got), verdict.AdmitKind(ref)
		switch {
		case sv != rv:
			return violated(name, set.name+":kind:Scan="+sv+",Reference="+rv, "Scan %v; Reference %v", got, ref)
		case ge != nil && ge.Offset != re.Offset:
			return violated(name, set.name+":offset:"+sv, "Scan %v; Reference %v", got, ref)
		case ge != nil && ge.Reason != re.Reason:
			return violated(name, set.name+":reason:"+sv, "Scan %v (%v); Reference %v (%v)", got, ge.Reason, ref, re.Reason)
		}
	}
	return nil
}

// ReferenceMatchesJSONText holds the reference scanner to an independent
// parser, go-json-experiment's jsontext, which refuses invalid UTF-8, lone
// surrogates and duplicate names by default but knows nothing of number
// finiteness or the depth cap. Under the default profile with the largest
// cap: what reference admits jsontext accepts (class reference-admits);
// what jsontext accepts reference admits, or refuses only as
// NumberNotFinite or TooDeep (class reference-refuses:K).
func ReferenceMatchesJSONText(reference Scanner, input []byte) *Violation {
	const name = "ReferenceMatchesJSONText"
	err := reference(input, admit.Options{MaxDepth: admit.MaxDepthLimit})
	valid := jsontext.Value(input).IsValid()
	switch {
	case err == nil && !valid:
		return violated(name, "reference-admits", "the reference admits it, jsontext refuses it")
	case valid && err != nil && !errors.Is(err, admit.NumberNotFinite) && !errors.Is(err, admit.TooDeep):
		return violated(name, "reference-refuses:"+verdict.AdmitKind(err), "jsontext accepts it, the reference refuses it: %v", err)
	}
	return nil
}
