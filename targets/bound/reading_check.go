package bound

import (
	"fmt"
	"sort"
)

// CheckLiteral decides a call against a provenance object, both as raw
// bytes, by the Literal reading: SEP-3246 as written, with every hardening
// layer of this package switched off. It is the yardstick the hardening is
// measured against, not a guard's decision: a guard decides by Check.
func CheckLiteral(provenance, params []byte, c Canon) Decision {
	return Literal.Check(provenance, params, c)
}

// Check decides a call by reading r: the provenance object and the params
// are parsed as r reads JSON and the members of section 2.2 and 3.1, and
// the call is admitted if and only if the version is 1, the chain is not
// empty, and every hop's bound has a rule that admits it (section 3.3: the
// intersection, which an exact meet computes). The Hardened reading is
// decided by the package's Check, which is what it names.
func (r Reading) Check(provenance, params []byte, c Canon) Decision {
	if r == Hardened {
		p, err := Parse(provenance)
		if err != nil {
			return deny("malformed provenance: %v", err)
		}
		call, err := ParseCall(params)
		if err != nil {
			return deny("malformed call: %v", err)
		}
		return Check(p, call, c)
	}
	return r.CheckLayered(provenance, params, c)
}

// CheckLayered decides a call by r as the text with r's layers added,
// whatever r is: for Hardened it is the layered twin of Check, which a test
// holds to Check on every probe of the guard study, so that the hardening
// is the layers and switching them off is the text.
func (r Reading) CheckLayered(provenance, params []byte, c Canon) Decision {
	return newReadingCache(provenance, params).decide(r, c)
}

// CheckReadings decides one call by each of rs (as Reading.Check does),
// decoding the raw provenance and params once for each JSON reading and
// reading the provenance once for each way rs read its members.
func CheckReadings(provenance, params []byte, c Canon, rs []Reading) []Decision {
	cache := newReadingCache(provenance, params)
	out := make([]Decision, len(rs))
	for i, r := range rs {
		if r == Hardened {
			out[i] = r.Check(provenance, params, c)
			continue
		}
		out[i] = cache.decide(r, c)
	}
	return out
}

// readingCache holds one provenance object and call as each reading
// decodes and reads them.
type readingCache struct {
	rawProv, rawParams []byte
	values             map[JSONReading]decoded
	provs              map[provReadingKey]parsedProvenance
	calls              map[JSONReading]parsedCall
}

type decoded struct {
	prov, params Value
	provErr      error
	paramsErr    error
}

// provReadingKey is what reading a provenance object depends on.
type provReadingKey struct {
	json     JSONReading
	emptyAnd EmptyAndReading
	unknown  bool
}

type parsedProvenance struct {
	p   *Provenance
	err error
}

type parsedCall struct {
	call Call
	err  error
}

func newReadingCache(provenance, params []byte) *readingCache {
	return &readingCache{rawProv: provenance, rawParams: params, values: map[JSONReading]decoded{},
		provs: map[provReadingKey]parsedProvenance{}, calls: map[JSONReading]parsedCall{}}
}

func (rc *readingCache) decoded(j JSONReading) decoded {
	d, ok := rc.values[j]
	if !ok {
		d.prov, d.provErr = decodeUnder(rc.rawProv, j)
		d.params, d.paramsErr = decodeUnder(rc.rawParams, j)
		rc.values[j] = d
	}
	return d
}

func (rc *readingCache) provenance(r Reading) (*Provenance, error) {
	k := provReadingKey{r.JSON, r.EmptyAnd, r.Harden&HardenUnknownMembers != 0}
	pp, ok := rc.provs[k]
	if !ok {
		d := rc.decoded(r.JSON)
		if pp.err = d.provErr; pp.err == nil {
			pp.p, pp.err = r.provenanceFrom(d.prov)
		}
		rc.provs[k] = pp
	}
	return pp.p, pp.err
}

func (rc *readingCache) call(r Reading) (Call, error) {
	pc, ok := rc.calls[r.JSON]
	if !ok {
		d := rc.decoded(r.JSON)
		if pc.err = d.paramsErr; pc.err == nil {
			pc.call, pc.err = CallFromValue(d.params)
		}
		rc.calls[r.JSON] = pc
	}
	return pc.call, pc.err
}

// decide is CheckLayered on the cached inputs.
func (rc *readingCache) decide(r Reading, c Canon) Decision {
	if err := r.Validate(); err != nil {
		return deny("%v", err)
	}
	p, err := rc.provenance(r)
	if err != nil {
		return deny("malformed provenance: %v", err)
	}
	call, err := rc.call(r)
	if err != nil {
		return deny("malformed call: %v", err)
	}
	if len(p.Chain) == 0 {
		return deny("the chain is empty and confers no authority")
	}
	for i, h := range p.Chain {
		if why, ok := r.boundAdmits(h.Bound, call, c); !ok {
			return deny("outside the bound of hop %d (%q): %s", i, h.Component, why)
		}
	}
	return Decision{Admit: true, Reason: fmt.Sprintf("every hop of %d admits the call under %s", len(p.Chain), r)}
}

// boundAdmits is section 3.1 under r: some rule for the tool whose every
// constrained argument is present and satisfies its constraint.
func (r Reading) boundAdmits(b Bound, call Call, c Canon) (string, bool) {
	why := fmt.Sprintf("no rule for tool %q", call.Name)
	for i, rule := range b {
		if rule.Tool != call.Name {
			continue
		}
		names := make([]string, 0, len(rule.Args))
		for n := range rule.Args {
			names = append(names, n)
		}
		sort.Strings(names)
		ok := true
		for _, n := range names {
			v, present := call.Arguments[n]
			if !present || !r.argumentAdmits(rule.Args[n], v, r.modeOf(c, call.Name, n), c.Fold) {
				why, ok = fmt.Sprintf("rule %d: argument %q is absent or does not satisfy its constraint", i, n), false
				break
			}
		}
		if ok {
			return "", true
		}
	}
	return why, false
}

// modeOf is the argument's declared mode, or r.Undeclared.
func (r Reading) modeOf(c Canon, tool, arg string) Mode {
	if m := c.ModeOf(tool, arg); m != ModeDual {
		return m
	}
	return r.Undeclared
}

// argumentAdmits evaluates a constraint under every mode m stands for
// (both for ModeDual).
func (r Reading) argumentAdmits(c Constraint, v Value, m Mode, fold bool) bool {
	for _, mode := range readings(m) {
		if !r.admits(c, v, mode, fold) {
			return false
		}
	}
	return true
}

// admits evaluates one constraint on one argument under one mode (never
// ModeDual). Both operands are canonicalized alike (section 3.2.2); one
// that cannot be is no match; prefix and glob match strings only (3.2.1).
func (r Reading) admits(c Constraint, v Value, m Mode, fold bool) bool {
	switch c.Op {
	case OpEq, OpIn:
		cv, err := r.canonValue(v, m, fold)
		if err != nil {
			return false
		}
		members := c.Values
		if c.Op == OpEq {
			members = []Value{c.Value}
		}
		for _, e := range members {
			if ce, err := r.canonValue(e, m, fold); err == nil && valueKey(ce) == valueKey(cv) {
				return true
			}
		}
		return false
	case OpPrefix:
		if v.Kind != KindString {
			return false
		}
		s, err1 := r.canonString(v.Str, m, fold)
		p, err2 := r.canonString(c.Operand, m, fold)
		if err1 != nil || err2 != nil {
			return false
		}
		boundary := r.Prefix == PrefixBoundary && m == ModeHierarchical && writtenAsDirectory(c.Operand) && p != "/"
		return prefixAdmits(p, boundary, s)
	case OpGlob:
		if v.Kind != KindString {
			return false
		}
		s, err := r.canonString(v.Str, m, fold)
		if err != nil {
			return false
		}
		g, err := r.compileGlob(c.Operand, m, fold)
		return err == nil && g.MatchString(s)
	case OpAnd:
		for _, e := range c.And {
			if !r.admits(e, v, m, fold) {
				return false
			}
		}
		return len(c.And) > 0 || r.EmptyAnd == EmptyAndAll
	}
	return false
}

// canonValue is section 3.2.3's canonical value under r: a top-level string
// canonicalized under m, anything else as the package canonicalizes it
// (nested strings NFC, numbers by exact decimal value), a nested string or
// member name holding a NUL refused only under HardenEncodedStructure.
func (r Reading) canonValue(v Value, m Mode, fold bool) (Value, error) {
	if v.Kind != KindString {
		return canonValueOf(v, ModePlain, fold, r.Harden&HardenEncodedStructure != 0)
	}
	s, err := r.canonString(v.Str, m, fold)
	return String(s), err
}
