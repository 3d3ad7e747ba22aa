package minimize

import (
	"bytes"
	"errors"
	"reflect"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/go-json-experiment/json/jsontext"
)

// admitRuleSets are the option sets the admit failure signer replays, the
// ones FuzzScanMatchesReference scans every input under, each with the name
// its signatures carry.
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

// admitOutcome is the verdict of admit.Scan under the default options:
// "admit:admitted" or "admit:KIND", such as admit:DuplicateMember.
func admitOutcome(input []byte) Signature {
	return Signature("admit:" + admitVerdict(admit.Scan(input, admit.Options{})))
}

// admitVerdict names one verdict: "admitted", a Kind, or the class of an
// error that is not an *admit.Error.
func admitVerdict(err error) string {
	var ae *admit.Error
	switch {
	case err == nil:
		return "admitted"
	case errors.As(err, &ae):
		return string(ae.Kind)
	default:
		return "error(" + messageClass(err.Error()) + ")"
	}
}

// admitFailure checks the properties of FuzzScanMatchesReference and
// FuzzReferenceMatchesJSONText and names the first that fails:
//
//	admit:SET:nondeterministic        two scans disagree
//	admit:SET:wrote-input             Scan modified its input
//	admit:SET:kind:Scan=K,Reference=K Scan and Reference disagree on the verdict
//	admit:SET:offset:K                they agree on the kind, not the offset
//	admit:jsontext:reference-admits   Reference admits what jsontext refuses
//	admit:jsontext:reference-refuses:K  and the other way round
func admitFailure(input []byte) Signature {
	kept := bytes.Clone(input)
	for _, set := range admitRuleSets {
		got := admit.Scan(input, set.opts)
		if again := admit.Scan(input, set.opts); !reflect.DeepEqual(got, again) {
			return Signature("admit:" + set.name + ":nondeterministic")
		}
		if !bytes.Equal(input, kept) {
			return Signature("admit:" + set.name + ":wrote-input")
		}
		ref := admit.Reference(input, set.opts)
		sv, rv := admitVerdict(got), admitVerdict(ref)
		if sv != rv {
			return Signature("admit:" + set.name + ":kind:Scan=" + sv + ",Reference=" + rv)
		}
		var se, re *admit.Error
		if errors.As(got, &se) && errors.As(ref, &re) && se.Offset != re.Offset {
			return Signature("admit:" + set.name + ":offset:" + sv)
		}
	}
	err := admit.Reference(input, admit.Options{MaxDepth: admit.MaxDepthLimit})
	valid := jsontext.Value(input).IsValid()
	switch {
	case err == nil && !valid:
		return "admit:jsontext:reference-admits"
	case valid && err != nil && !errors.Is(err, admit.NumberNotFinite) && !errors.Is(err, admit.TooDeep):
		return Signature("admit:jsontext:reference-refuses:" + admitVerdict(err))
	}
	return Pass
}
