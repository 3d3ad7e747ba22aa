package gen

import (
	"slices"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ChainProbe is a SEP-3246 provenance object and calls to check under it,
// for the guard study (canonfuzz matrix --guards): the raw bytes a guard
// reads from _meta and from the tools/call params, with labels that say
// what each probes. The bytes are what a guard receives, corners included
// (a duplicate member, an unknown version, an unknown member): they are
// not always a chain targets/bound accepts.
type ChainProbe struct {
	Provenance []byte
	Label      string // the operators of each hop and the corner, e.g. "prefix|glob" or "prefix|glob+duplicate-chain"
	Calls      []ProbeCall
}

// ProbeCall is one call: the params bytes and what the value probes.
type ProbeCall struct {
	Params []byte
	Label  string // e.g. "respelled", "prefix-boundary", "type-confusion"
}

// probeTool is the one tool the chains confer.
const probeTool = "read_file"

// GenerateChainProbe turns data into a chain of one to three hops over
// related paths (the spellings and near misses of GenerateConstraintPair),
// each hop a bound of one or two rules on the argument "path", and calls
// whose path is each operand's respelling, a near miss of each operator
// (a segment deeper, a name that extends a prefix, a '/' where a glob's '*'
// stops, a dot segment or an encoded one that leaves the root, a case or
// NFD variant, a number or a boolean where a string or a number is
// expected). One chain in four carries a structural corner of the
// provenance object. Like Generate, it never fails.
func GenerateChainProbe(data []byte) ChainProbe { return newSource(data).chainProbe(true) }

// chainProbe is GenerateChainProbe on the choices of s; without corners,
// the chain is always well formed.
func (s *source) chainProbe(corners bool) ChainProbe {
	hops := 1 + s.intn(3)
	var p *bound.Provenance
	var ops []string
	var operands []bound.Constraint
	base := boundPaths[s.intn(len(boundPaths)-1)] // not ""
	for i := range hops {
		var rules bound.Bound
		var hopOps []string
		for range 1 + s.intn(2) {
			if s.intn(4) == 0 {
				base = boundPaths[s.intn(len(boundPaths)-1)] // a related path, not always the same
			}
			c := s.probeConstraint(base)
			operands = append(operands, c)
			hopOps = append(hopOps, string(c.Op))
			rules = append(rules, bound.Rule{Tool: probeTool, Args: map[string]bound.Constraint{"path": c}})
		}
		ops = append(ops, strings.Join(hopOps, ","))
		p = p.Extend([]string{"host", "planner", "worker"}[i], rules)
	}
	prov, _ := p.MarshalJSON()
	probe := ChainProbe{Label: strings.Join(ops, "|")}
	if corners && s.intn(4) == 0 {
		corner := chainCorners[s.intn(len(chainCorners))]
		if mutated := corner.mutate(string(prov)); mutated != string(prov) {
			prov, probe.Label = []byte(mutated), probe.Label+"+"+corner.name
		}
	}
	probe.Provenance = prov
	seen := map[string]bool{}
	for _, c := range operands {
		for _, v := range s.probeValues(c) {
			if !seen[v.text] {
				seen[v.text] = true
				probe.Calls = append(probe.Calls, ProbeCall{Params: callParams(v.text), Label: v.label})
			}
		}
	}
	probe.Calls = append(probe.Calls,
		ProbeCall{Params: []byte(`{"name":"` + probeTool + `","arguments":{"path":"/srv/acme/x","path":"/etc/passwd"}}`), Label: "duplicate-argument"},
		ProbeCall{Params: []byte(`{"name":"` + probeTool + `","arguments":{}}`), Label: "absent-argument"},
		ProbeCall{Params: []byte(`{"name":"write_file","arguments":{"path":"/srv/acme/x"}}`), Label: "other-tool"})
	return probe
}

// callParams writes the params of a call of probeTool whose path is the
// JSON text value.
func callParams(value string) []byte {
	return []byte(`{"name":"` + probeTool + `","arguments":{"path":` + value + `}}`)
}

// probeConstraint draws a constraint on a spelling of base: one of the
// five operators, a type-confusion operand (a number or a boolean), or an
// operand that starts with base and climbs out of it by dot segments.
func (s *source) probeConstraint(base string) bound.Constraint {
	switch s.intn(13) {
	case 0:
		return bound.Constraint{Op: bound.OpEq, Value: []bound.Value{{Kind: bound.KindNumber, Number: "1"}, {Kind: bound.KindBool, Bool: true}, {Kind: bound.KindNumber, Number: "0"}}[s.intn(3)]}
	case 1:
		return bound.Constraint{Op: bound.OpIn, Values: []bound.Value{{Kind: bound.KindNumber, Number: "1"}, bound.String("1")}}
	case 2:
		a, b := s.constraint(base), s.constraint(base)
		return bound.Constraint{Op: bound.OpAnd, And: []bound.Constraint{a, b}}
	case 3:
		return bound.Constraint{Op: bound.OpPrefix, Operand: s.respell(base) + "/"} // a boundary prefix
	case 4:
		return bound.Constraint{Op: bound.OpGlob, Operand: s.respell(base) + []string{"/[!x]", "/[a-z]*", "/*/", "*"}[s.intn(4)]}
	case 5:
		// An operand that climbs out of base by dot segments: it starts with
		// base as written and denotes a path outside it.
		climb := s.respell(base) + []string{"/../etc", "/../../etc/passwd", "/x/../../y"}[s.intn(3)]
		if s.bool() {
			return bound.Constraint{Op: bound.OpPrefix, Operand: climb}
		}
		return bound.Constraint{Op: bound.OpEq, Value: bound.String(climb)}
	}
	return s.constraint(base)
}

// probeValue is one argument value as JSON text, and what it probes.
type probeValue struct{ text, label string }

// typeConfusion are values of other JSON types than a string operand's,
// and numbers and booleans that some languages compare equal (true == 1).
var typeConfusion = []probeValue{{"true", "type-confusion"}, {"1", "type-confusion"}, {"1.0", "type-confusion"},
	{"false", "type-confusion"}, {`"1"`, "type-confusion"}, {"[1]", "type-confusion"}}

// probeValues are the values a call probes constraint c with.
func (s *source) probeValues(c bound.Constraint) []probeValue {
	switch c.Op {
	case bound.OpEq:
		if c.Value.Kind != bound.KindString {
			return typeConfusion
		}
		return s.pathVariants(c.Value.Str)
	case bound.OpIn:
		out := slices.Clone(typeConfusion)
		for _, v := range c.Values {
			if v.Kind == bound.KindString {
				out = append(out, s.pathVariants(v.Str)...)
			}
		}
		return out
	case bound.OpAnd:
		var out []probeValue
		for _, e := range c.And {
			out = append(out, s.probeValues(e)...)
		}
		return out
	}
	return s.pathVariants(c.Operand)
}

// pathVariants are the respellings and near misses of an operand's path.
func (s *source) pathVariants(operand string) []probeValue {
	root := strings.TrimRight(strings.NewReplacer("*", "", "?", "", "[!x]", "", "[a-z]", "").Replace(operand), "/")
	vals := []probeValue{
		{root, "operand"},
		{s.respellPath(root), "respelled"},
		{root + "/x", "deeper"},
		{root + "/x/y", "two-deeper"},
		{root + "x", "prefix-boundary"},
		{root + "-secrets", "prefix-boundary"},
		{root + "/../etc", "dot-segment-escape"},
		{root + "/%2e%2e/etc", "encoded-dot-segment"},
		{strings.Replace(root+"/x", "/", "%2F", 1), "encoded-separator"},
		{root + "/%", "malformed-percent"},
		{root + "/%zz", "malformed-percent"},
		{strings.ToUpper(root), "case"},
		{strings.ReplaceAll(root, "é", "e\u0301") + "/é", "nfd"},
		{s.respell(root) + "/" + s.respell("x"), "respelled"},
		{root + "/a/b", "slash-crossing"},
		{root + "/\xff", "invalid-utf8"},
	}
	out := make([]probeValue, 0, len(vals)+2)
	for _, v := range vals {
		out = append(out, probeValue{jsonQuote(v.text), v.label})
	}
	return append(out, probeValue{"1", "type-confusion"}, probeValue{"true", "type-confusion"})
}

// jsonQuote writes s as a JSON string: controls and the quote and
// backslash escaped, everything else (ill-formed UTF-8 included) raw.
func jsonQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte("0123456789abcdef"[c>>4])
			b.WriteByte("0123456789abcdef"[c&15])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// chainCorners are structural corners of a provenance object, each a
// rewrite of its deterministic JSON (bound.Provenance.MarshalJSON).
var chainCorners = []struct {
	name   string
	mutate func(string) string
}{
	{"version-2", func(p string) string { return strings.Replace(p, `"v":1`, `"v":2`, 1) }},
	{"version-missing", func(p string) string { return strings.Replace(p, `"v":1,`, ``, 1) }},
	{"duplicate-chain", func(p string) string {
		return strings.Replace(p, `"chain":[`, `"chain":[{"component":"wide","bound":[{"tool":"`+probeTool+`"}]}],"chain":[`, 1)
	}},
	{"duplicate-bound", func(p string) string {
		return strings.Replace(p, `"bound":[`, `"bound":[{"tool":"`+probeTool+`"}],"bound":[`, 1)
	}},
	{"args-misspelt", func(p string) string { return strings.Replace(p, `"args":`, `"arg":`, 1) }},
	{"and-empty", func(p string) string {
		i := strings.Index(p, `"path":{`)
		if i < 0 {
			return p
		}
		return p[:i] + `"path":{"and":[]},"path-was":{` + p[i+len(`"path":{`):]
	}},
	{"in-string-operand", func(p string) string {
		return strings.Replace(p, `"args":{"path":{`, `"args":{"path":{"in":"/srv/acme"},"was":{`, 1)
	}},
	{"unknown-operator", func(p string) string {
		return strings.Replace(p, `"args":{"path":{`, `"args":{"path":{"regex":".*"},"was":{`, 1)
	}},
	{"empty-hop", func(p string) string {
		return strings.Replace(p, `"chain":[`, `"chain":[{"component":"revoked","bound":[]},`, 1)
	}},
	{"empty-chain", func(p string) string { return `{"v":1,"chain":[]}` }},
	{"component-missing", func(p string) string { return strings.Replace(p, `"component":"host",`, ``, 1) }},
	{"not-finite-operand", func(p string) string {
		return strings.Replace(p, `"args":{"path":{`, `"args":{"n":{"eq":1e400},"was":{`, 1)
	}},
	{"sig-present", func(p string) string { return strings.Replace(p, `"v":1`, `"sig":"x","v":1`, 1) }},
}

// MeetCorners are the named corners of the meet (SEP-3246 section 3.3),
// drawn by no seed: for every ordered pair of the five operators and every
// pair of related paths of meetCornerPaths, a chain of two hops, the first
// constraining "path" by the first operator on the first path, the second
// by the second operator on the second path, which is spelled with one
// canonicalization step (or none) so that comparing the two operands as
// written says something their canonical forms do not: it starts with the
// first and climbs out of it, or means a path inside it and does not start
// with it. Each also the other way round: the spelled path on the first
// hop, the plain one on the second, since the meet meets whatever the
// hops carry. The calls are those of GenerateChainProbe for both operands
// and the paths the spelled one means. Labels: "FIRST|SECOND@STEP" (the
// second hop's operand spelled) or "FIRST|SECOND@STEP-first", as in
// "glob|prefix@none" or "prefix|prefix@dot-first".
func MeetCorners() []ChainProbe {
	var out []ChainProbe
	for _, a := range cornerOps {
		for _, b := range cornerOps {
			for _, cp := range meetCornerPaths {
				out = append(out, meetCorner(a, b, cp, false), meetCorner(a, b, cp, true))
			}
		}
	}
	return out
}

// cornerOps are the operators of the corners, in SEP-3246 section 3.2 order.
var cornerOps = []bound.Op{bound.OpEq, bound.OpIn, bound.OpPrefix, bound.OpGlob, bound.OpAnd}

// MeetCornerSteps are the canonicalization steps (section 3.2.2) the
// corners spell their second operand with, "none" for a plain one.
var MeetCornerSteps = []string{"none", "dot", "pct", "nfc", "case", "tslash", "dslash"}

// meetCornerPaths are the related paths of the corners: the first hop's,
// the second hop's spelled by step, and what the second means to a reader
// that canonicalizes it.
var meetCornerPaths = []struct{ step, first, second, means string }{
	{"none", "/srv/acme", "/srv/acme/x", "/srv/acme/x"},                // narrower
	{"none", "/srv/acme", "/srv/acme-secrets", "/srv/acme-secrets"},    // extends the name, not the path
	{"none", "/srv/acme", "/srv/acme", "/srv/acme"},                    // the same
	{"dot", "/srv/acme", "/srv/acme/../etc", "/srv/etc"},               // starts with the first, climbs out
	{"dot", "/srv/acme", "/srv/./acme/x", "/srv/acme/x"},               // inside, does not start with it
	{"dot", "/srv/acme", "/srv/./acme", "/srv/acme"},                   // the same path
	{"pct", "/srv/acme", "/srv/acme%2F..%2Fetc", "/srv/etc"},           // an encoded climb
	{"pct", "/srv/acme", "/srv/%61cme/x", "/srv/acme/x"},               // inside, encoded
	{"pct", "/srv/acme", "/srv/%61cme", "/srv/acme"},                   // the same path
	{"nfc", "/srv/cafe", "/srv/cafe\u0301", "/srv/caf\u00e9"},          // starts with the first, composes to another name
	{"nfc", "/srv/caf\u00e9", "/srv/cafe\u0301/x", "/srv/caf\u00e9/x"}, // inside, decomposed
	{"nfc", "/srv/caf\u00e9", "/srv/cafe\u0301", "/srv/caf\u00e9"},     // the same path
	{"case", "/srv/acme", "/srv/ACME/x", "/srv/ACME/x"},                // another name unless folded
	{"case", "/srv/acme", "/SRV/acme", "/SRV/acme"},                    // another name unless folded
	{"tslash", "/srv/acme/", "/srv/acme-secrets", "/srv/acme-secrets"}, // the boundary a trailing separator sets
	{"tslash", "/srv/acme", "/srv/acme/", "/srv/acme"},                 // the same path with a trailing separator
	{"dslash", "/srv/acme", "/srv//acme/x", "/srv/acme/x"},             // inside, a doubled separator
	{"dslash", "/srv/acme", "/srv//acme", "/srv/acme"},                 // the same path
	{"dslash", "/srv/acme", "/srv/acme//../etc", "/srv/acme/etc"},      // a doubled separator before a climb
}

// cornerConstraint is op on path: eq and in name it (in with a path
// below it), prefix is it, glob is it with a '*' that must not cross '/',
// and is a prefix and a glob that may.
func cornerConstraint(op bound.Op, path string) bound.Constraint {
	star := strings.TrimSuffix(path, "/") + "/*"
	switch op {
	case bound.OpEq:
		return bound.Constraint{Op: op, Value: bound.String(path)}
	case bound.OpIn:
		return bound.Constraint{Op: op, Values: []bound.Value{bound.String(path), bound.String(path + "/y")}}
	case bound.OpPrefix:
		return bound.Constraint{Op: op, Operand: path}
	case bound.OpGlob:
		return bound.Constraint{Op: op, Operand: star}
	}
	return bound.Constraint{Op: bound.OpAnd, And: []bound.Constraint{{Op: bound.OpPrefix, Operand: path}, {Op: bound.OpGlob, Operand: star + "*"}}}
}

func meetCorner(a, b bound.Op, cp struct{ step, first, second, means string }, spelledFirst bool) ChainProbe {
	label := string(a) + "|" + string(b) + "@" + cp.step
	s := newSource([]byte(label + cp.second))
	ca, cb := cornerConstraint(a, cp.first), cornerConstraint(b, cp.second)
	if spelledFirst {
		label += "-first"
		ca, cb = cornerConstraint(a, cp.second), cornerConstraint(b, cp.first)
	}
	var p *bound.Provenance
	p = p.Extend("host", bound.Bound{{Tool: probeTool, Args: map[string]bound.Constraint{"path": ca}}})
	p = p.Extend("worker", bound.Bound{{Tool: probeTool, Args: map[string]bound.Constraint{"path": cb}}})
	prov, _ := p.MarshalJSON()
	probe := ChainProbe{Provenance: prov, Label: label}
	seen := map[string]bool{}
	add := func(vs []probeValue) {
		for _, v := range vs {
			if !seen[v.text] {
				seen[v.text] = true
				probe.Calls = append(probe.Calls, ProbeCall{Params: callParams(v.text), Label: v.label})
			}
		}
	}
	add([]probeValue{{jsonQuote(cp.means), "means"}, {jsonQuote(cp.means + "/x"), "means-deeper"}, {jsonQuote(cp.means + "/x/y"), "means-slash-crossing"},
		{jsonQuote(cp.means + "/passwd"), "means-deeper"}})
	add(s.probeValues(ca))
	add(s.probeValues(cb))
	return probe
}
