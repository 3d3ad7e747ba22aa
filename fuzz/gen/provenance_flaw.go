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
	FlawAtCap                            // the document built at a documented limit, or one past it (plantAtCap)
	FlawVersion                          // a number (the version) respelled or changed, or, one time in three, of another kind
	FlawOperand                          // a string replaced by an invalid glob or a name with pointer escapes
	FlawTrailing                         // content after the object, which admission refuses
	FlawRename                           // a member renamed: another schema name, an operator, a near miss
	provenanceFlaws
)

var provenanceFlawNames = [...]string{"none", "kind", "add-member", "drop-member", "empty", "at-cap", "version", "operand", "trailing", "rename"}

func (f ProvenanceFlaw) String() string { return provenanceFlawNames[f] }

// GenerateFlawedProvenance turns data into the provenance object
// GenerateChainProbe makes of it, with one flaw planted at one of its
// values (the chain has GenerateChainProbe's corners only when no flaw is
// planted: a corner would hide the flaw behind its own). An at-cap flaw
// builds the document at a documented limit on request: the pick byte
// chooses the limit (hops, rules, "in" members, a prefix's or a glob's
// operand bytes) and whether it is reached or passed by one. The flaw and
// the node are read first, so that the first byte of any input chooses the
// flaw. Three operand flaws in four make a string operand an invalid glob
// (plantInvalidGlob). It never fails.
func GenerateFlawedProvenance(data []byte) ([]byte, ProvenanceFlaw) {
	s := newSource(data)
	flaw := ProvenanceFlaw(s.intn(2 * int(provenanceFlaws)))
	if flaw >= provenanceFlaws { // half the inputs: the chain as generated, for the meet's checks
		flaw = FlawNone
	}
	node, pick := s.byte(), s.byte()
	prov := s.chainProbe(flaw == FlawNone).Provenance
	v, err := bound.ParseValue(prov)
	if err != nil || flaw == FlawNone {
		return prov, FlawNone
	}
	var all []*bound.Value
	collectBoundValues(&v, &all)
	switch {
	case flaw == FlawAtCap:
		plantAtCap(&v, pick)
	case flaw == FlawOperand && pick%4 != 0 && plantInvalidGlob(all, node, pick>>2):
		// planted: a string operand made an invalid glob
	default:
		nodes := flawSites(all, flaw)
		plantProvenanceFlaw(nodes[node%len(nodes)], flaw, pick)
	}
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
		FlawVersion:    func(k bound.ValueKind) bool { return k == bound.KindNumber },
		FlawOperand:    func(k bound.ValueKind) bool { return k == bound.KindString },
	}[flaw]
	if flaw == FlawRename {
		fits = func(k bound.ValueKind) bool { return k == bound.KindObject }
	}
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

// flawVersionKinds are versions that are no number (SEP-3246 section 2.2:
// v is the integer 1): the string, array and object that hold a 1, and
// the literals.
var flawVersionKinds = []bound.Value{
	bound.String("1"), {Kind: bound.KindArray, Array: []bound.Value{{Kind: bound.KindNumber, Number: "1"}}},
	{Kind: bound.KindObject, Members: []bound.Member{{Name: "v", Value: bound.Value{Kind: bound.KindNumber, Number: "1"}}}},
	{Kind: bound.KindBool, Bool: true}, {Kind: bound.KindNull},
}

// flawOperands are glob patterns section 3.2.4 rejects or reads strictly,
// and names with the characters RFC 6901 escapes.
var flawOperands = []string{"[", "a\\", "[]", "[!]", "/a/[b", "/a/**", "a/b", "~", "/srv/[a-c]/*"}

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
	case FlawVersion:
		if pick%3 == 0 { // the version of another kind: "v must be an integer"
			*v = flawVersionKinds[(pick/3)%len(flawVersionKinds)]
			return
		}
		*v = bound.Value{Kind: bound.KindNumber, Number: flawNumbers[pick%len(flawNumbers)]}
	case FlawOperand:
		*v = bound.String(flawOperands[pick%len(flawOperands)])
	case FlawRename:
		names := flawRenames
		if len(v.Members) == 1 { // a constraint: its operator
			names = flawOperators
		}
		if len(v.Members) > 0 {
			name := names[pick%len(names)]
			if _, dup := v.Get(name); !dup {
				v.Members[(pick/len(names))%len(v.Members)].Name = name
			}
		}
	}
}

// flawRenames are the names a renamed member takes: the schema's names,
// the operators, and near misses of both.
var flawRenames = []string{"v", "chain", "component", "bound", "tool", "args", "eq", "in", "prefix", "glob", "and",
	"regex", "Eq", "args ", "chains", "sig", "not"}

// flawOperators are the names a constraint's operator is renamed to: the
// five of section 3.2, and names that are none of them.
var flawOperators = []string{"eq", "in", "prefix", "glob", "and", "regex", "Eq", "not", "or", "in "}

// The documented limits of a provenance object (targets/bound/limits.go),
// as numbers: hops, and rules, "in" members and operand bytes.
const (
	capHops  = 64
	capItems = 4096
)

// plantAtCap builds v at one documented limit, or one past it, as pick
// chooses: the chain grown to 64 or 65 hops, the first hop's bound to 4096
// or 4097 rules, or the first rule's first constraint replaced by an "in"
// of 4096 or 4097 members or a prefix or glob of 4096 or 4097 bytes (of
// "a", or of "é" and one "a"). Grown arrays repeat their first element
// hollowed (hollow), to stay far below the value limit.
func plantAtCap(v *bound.Value, pick int) {
	past := (pick/5)%2 == 1
	size := func(n int) int {
		if past {
			return n + 1
		}
		return n
	}
	chain := memberValue(v, "chain")
	if chain == nil || chain.Kind != bound.KindArray || len(chain.Array) == 0 {
		return
	}
	hop := &chain.Array[0]
	rules := memberValue(hop, "bound")
	switch pick % 5 {
	case 0:
		grow(chain, size(capHops))
		return
	case 1:
		if rules != nil && rules.Kind == bound.KindArray {
			grow(rules, size(capItems))
		}
		return
	}
	if rules == nil || len(rules.Array) == 0 {
		return
	}
	args := memberValue(&rules.Array[0], "args")
	if args == nil || len(args.Members) == 0 {
		return
	}
	var arg bound.Value
	switch pick % 5 {
	case 2:
		arg = bound.Value{Kind: bound.KindArray, Array: make([]bound.Value, size(capItems))}
		for i := range arg.Array {
			arg.Array[i] = bound.Value{Kind: bound.KindNull}
		}
	default:
		n := size(capItems)
		str := strings.Repeat("a", n)
		if (pick/10)%2 == 1 {
			str = strings.Repeat("é", n/2) + strings.Repeat("a", n%2)
		}
		arg = bound.String(str)
	}
	op := []string{"in", "prefix", "glob"}[pick%5-2]
	args.Members[0].Value = bound.Value{Kind: bound.KindObject, Members: []bound.Member{{Name: op, Value: arg}}}
}

// memberValue returns the value of v's member name, nil if none.
func memberValue(v *bound.Value, name string) *bound.Value {
	for i := range v.Members {
		if v.Members[i].Name == name {
			return &v.Members[i].Value
		}
	}
	return nil
}

// grow repeats the first element of the array v, hollowed, up to n.
func grow(v *bound.Value, n int) {
	fill := bound.Value{Kind: bound.KindNull}
	if len(v.Array) > 0 {
		fill = hollow(v.Array[0])
	}
	for len(v.Array) < n {
		v.Array = append(v.Array, fill)
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
