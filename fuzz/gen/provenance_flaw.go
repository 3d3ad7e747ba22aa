package gen

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ProvenanceFlaw is what GenerateFlawedProvenance plants in a provenance
// object: a departure from SEP-3246 section 2.2 (the object and its hops),
// 3.1 (a rule) or 3.2 (a constraint and its operand), or from a documented
// limit (targets/bound/limits.go), at one node.
type ProvenanceFlaw int

// The flaws. Each is one choice away, so that every refusal of the
// provenance reader is one byte of input from a well-formed chain.
const (
	FlawNone       ProvenanceFlaw = iota // the chain as generated
	FlawKind                             // the node replaced by a value of another kind
	FlawAddMember                        // an object gains a member (a known name, an operator, an unknown one)
	FlawDropMember                       // an object loses a member
	FlawEmpty                            // an array or an object emptied
	FlawAtCap                            // an array or a string grown to a documented limit, or one past it
	FlawVersion                          // a number (the version) respelled or changed
	FlawOperand                          // a string replaced by an invalid glob or a name with pointer escapes
	FlawTrailing                         // content after the object, which admission refuses
	provenanceFlaws
)

var provenanceFlawNames = [...]string{"none", "kind", "add-member", "drop-member", "empty", "at-cap", "version", "operand", "trailing"}

func (f ProvenanceFlaw) String() string { return provenanceFlawNames[f] }

// GenerateFlawedProvenance turns data into the provenance object
// GenerateChainProbe makes of it, with one flaw planted at one of its
// values (the chain has none of GenerateChainProbe's corners, which would
// hide the flaw behind their own). The flaw and the node are read first, so
// that the first byte of any input chooses the flaw. It never fails.
func GenerateFlawedProvenance(data []byte) ([]byte, ProvenanceFlaw) {
	s := newSource(data)
	flaw := ProvenanceFlaw(s.intn(int(provenanceFlaws)))
	node, pick := s.byte(), s.byte()
	prov := s.chainProbe(false).Provenance
	v, err := bound.ParseValue(prov)
	if err != nil || flaw == FlawNone {
		return prov, FlawNone
	}
	var all []*bound.Value
	collectBoundValues(&v, &all)
	nodes := flawSites(all, flaw)
	plantProvenanceFlaw(nodes[node%len(nodes)], flaw, pick)
	out, _ := v.MarshalJSON()
	if flaw == FlawTrailing {
		out = append(out, []string{" 1", "}", ",{}", " {\"v\":1}"}[pick%4]...)
	}
	return out, flaw
}

// flawSites are the nodes a flaw can change: objects gain and lose
// members, containers are emptied, arrays and strings grow to a cap,
// numbers and strings are respelled; any node changes kind. A document
// with no such node offers every node.
func flawSites(all []*bound.Value, flaw ProvenanceFlaw) []*bound.Value {
	fits := map[ProvenanceFlaw]func(bound.ValueKind) bool{
		FlawAddMember:  func(k bound.ValueKind) bool { return k == bound.KindObject },
		FlawDropMember: func(k bound.ValueKind) bool { return k == bound.KindObject },
		FlawEmpty:      func(k bound.ValueKind) bool { return k == bound.KindObject || k == bound.KindArray },
		FlawAtCap:      func(k bound.ValueKind) bool { return k == bound.KindArray || k == bound.KindString },
		FlawVersion:    func(k bound.ValueKind) bool { return k == bound.KindNumber },
		FlawOperand:    func(k bound.ValueKind) bool { return k == bound.KindString },
	}[flaw]
	if fits == nil {
		return all
	}
	var sites []*bound.Value
	for _, n := range all {
		if fits(n.Kind) {
			sites = append(sites, n)
		}
	}
	if len(sites) == 0 {
		return all
	}
	return sites
}

func collectBoundValues(v *bound.Value, out *[]*bound.Value) {
	*out = append(*out, v)
	for i := range v.Array {
		collectBoundValues(&v.Array[i], out)
	}
	for i := range v.Members {
		collectBoundValues(&v.Members[i].Value, out)
	}
}

// flawMemberNames are the member names a planted member takes: every name of
// the schema, an unknown one, and names that need pointer escapes.
var flawMemberNames = []string{"v", "chain", "sig", "component", "bound", "tool", "args", "eq", "in", "prefix", "glob", "and", "x", "a/b", "~0"}

// flawValues are the values a node is replaced by, one of each kind.
var flawValues = []bound.Value{
	{Kind: bound.KindNull}, {Kind: bound.KindBool, Bool: true}, {Kind: bound.KindNumber, Number: "1"},
	bound.String("x"), {Kind: bound.KindArray, Array: []bound.Value{}}, {Kind: bound.KindObject},
	{Kind: bound.KindArray, Array: []bound.Value{{Kind: bound.KindObject, Members: []bound.Member{{Name: "eq", Value: bound.String("/x")}}}}},
}

// flawNumbers spell the version 1 and its near misses.
var flawNumbers = []string{"1.0", "10e-1", "0.1E+1", "2", "0", "-1", "1e400", "100e-2", "1.5"}

// flawOperands are glob patterns section 3.2.4 rejects or reads strictly,
// and names with the characters RFC 6901 escapes.
var flawOperands = []string{"[", "a\\", "[]", "[!]", "/a/[b", "/a/**", "a/b", "~", "/srv/[a-c]/*"}

// caps are the documented limits: hops (64), rules, in members and
// operand bytes (4096); a flaw grows a node to one of them or one past.
var caps = []int{64, 65, 4096, 4097}

func plantProvenanceFlaw(v *bound.Value, flaw ProvenanceFlaw, pick int) {
	switch flaw {
	case FlawKind:
		*v = flawValues[pick%len(flawValues)]
	case FlawAddMember:
		if v.Kind != bound.KindObject {
			*v = flawValues[pick%len(flawValues)]
			return
		}
		name := flawMemberNames[pick%len(flawMemberNames)]
		if _, dup := v.Get(name); dup {
			name += "x"
		}
		v.Members = append(v.Members, bound.Member{Name: name, Value: flawValues[(pick/len(flawMemberNames))%len(flawValues)]})
	case FlawDropMember:
		if len(v.Members) > 0 {
			i := pick % len(v.Members)
			v.Members = append(v.Members[:i:i], v.Members[i+1:]...)
		}
	case FlawEmpty:
		v.Array, v.Members = v.Array[:0], nil
	case FlawAtCap:
		n := caps[pick%len(caps)]
		switch v.Kind {
		case bound.KindString: // the operand cap is the only one of a string
			n = caps[2+pick%2]
			unit := []string{"a", "é"}[(pick/2)%2]
			v.Str = v.Str + strings.Repeat(unit, max(0, n-len(v.Str))/len(unit))
		case bound.KindArray:
			fill := bound.Value{Kind: bound.KindNull}
			if len(v.Array) > 0 {
				fill = hollow(v.Array[0])
			}
			for len(v.Array) < n {
				v.Array = append(v.Array, fill)
			}
		}
	case FlawVersion:
		*v = bound.Value{Kind: bound.KindNumber, Number: flawNumbers[pick%len(flawNumbers)]}
	case FlawOperand:
		*v = bound.String(flawOperands[pick%len(flawOperands)])
	}
}

// hollow is v with every array inside it emptied: a hop with no rules, a
// rule whose constraints hold no lists, so that thousands of copies stay
// far below the document's value limit.
func hollow(v bound.Value) bound.Value {
	switch v.Kind {
	case bound.KindArray:
		return bound.Value{Kind: bound.KindArray, Array: []bound.Value{}}
	case bound.KindObject:
		ms := make([]bound.Member, len(v.Members))
		for i, m := range v.Members {
			ms[i] = bound.Member{Name: m.Name, Value: hollow(m.Value)}
		}
		return bound.Value{Kind: bound.KindObject, Members: ms}
	}
	return v
}
