package property

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// provenanceFaultDocs has one document per rule the reader refuses by,
// with the fault the reference reads in it (SEP-3246 section 2.2, 3.1,
// 3.2, 3.2.4 and the documented limits).
var provenanceFaultDocs = []struct {
	doc   string
	fault bound.Fault
}{
	{`[]`, bound.FaultWantObject},
	{`{"chain":[]}`, bound.FaultMissing},
	{`{"v":"1","chain":[]}`, bound.FaultWantInteger},
	{`{"v":null,"chain":[]}`, bound.FaultWantInteger},
	{`{"v":2,"chain":[]}`, bound.FaultUnknownVersion},
	{`{"v":1,"chain":{}}`, bound.FaultWantArray},
	{`{"v":1,"chain":[],"x":1}`, bound.FaultUnknownMember},
	{`{"v":1,"chain":[{"component":1,"bound":[]}]}`, bound.FaultWantString},
	{`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{}}}]}]}`, bound.FaultOperatorCount},
	{`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"re":"x"}}}]}]}`, bound.FaultUnknownOperator},
	{`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"glob":"a["}}}]}]}`, bound.FaultInvalidGlob},
	{`{"v":1,"chain":[{"component":"h","bound":[{"tool":"t","args":{"a":{"and":[]}}}]}]}`, bound.FaultEmptyAnd},
}

// TestProvenanceMatchesReferenceComparesTheFault: bound.Parse gives the
// reference's fault on each document, and a parser that refuses each at
// the right pointer for another rule (as one does whose check of "v"'s
// type is dropped, so a string "v" is refused as an unknown version) is a
// parse:fault violation naming the reference's fault.
func TestProvenanceMatchesReferenceComparesTheFault(t *testing.T) {
	reader := ProvenanceReader{Parse: bound.Parse, EffBound: bound.EffBound}
	for _, c := range provenanceFaultDocs {
		v, err := bound.ParseValue([]byte(c.doc))
		if err != nil {
			t.Fatalf("%s: %v", c.doc, err)
		}
		if got := referenceProvenance(v); got == nil || got.fault != c.fault {
			t.Errorf("%s: the reference finds %+v, want %v", c.doc, got, c.fault)
		}
		if v := ProvenanceParsesAndMeets(reader, []byte(c.doc)); v != nil {
			t.Errorf("bound.Parse on %s: %v", c.doc, v)
		}
	}
	otherFault := func(raw []byte) (*bound.Provenance, error) {
		p, err := bound.Parse(raw)
		var me *bound.MalformedError
		if errors.As(err, &me) {
			wrong := *me
			wrong.Fault = bound.FaultUnknownVersion
			if me.Fault == bound.FaultUnknownVersion {
				wrong.Fault = bound.FaultWantInteger
			}
			return nil, &wrong
		}
		return p, err
	}
	reader.Parse = otherFault
	for _, c := range provenanceFaultDocs {
		v := ProvenanceParsesAndMeets(reader, []byte(c.doc))
		if want := "parse:fault:" + c.fault.String(); v == nil || v.Class != want {
			t.Errorf("a parser that refuses %s for another rule at the same pointer: %v, want %s", c.doc, v, want)
		}
	}
}
