package guard

import (
	"bytes"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// A session's client usually sends the same provenance with every call:
// the chain its host was given (SEP-3246 section 2.1), or none, when this
// guard originates the chain (section 4.5.1). A chainCache keeps, for one
// session, the chains of the last few provenance values it read, decoded
// (section 4.1 step 1), extended by this guard's hop (step 2) and written
// as the forwarded call carries them (step 3), so that a call whose
// provenance was seen before is not decoded, extended and written again:
// on a cold processor that work was a fifth of a small call's decision
// (docs/PERFORMANCE.md, "The guard's cold call").
//
// An entry is found by the provenance value's bytes, compared whole: a
// chain that differs in one byte is decoded anew, never served from the
// cache. Only chains decoded without error are kept (a refusal is made
// again for every call that earns it), at most maxCachedChains of them,
// each of at most maxCachedProvenance bytes; the least recently used goes
// first. Nothing kept is modified after it is made: targets/bound reads a
// chain and never writes it (nor a prepared check, once made), and the
// cache hands out the same values to every call; only an extension's list
// of prepared checks grows and is reordered. A chainCache is used by one goroutine (the session's client
// reader); a nil *chainCache caches nothing, as Decide runs.
type chainCache struct {
	// The hop this guard appends (Config.Component and Config.Policy); a
	// call decided under another configuration is not served.
	component string
	policy    bound.Bound

	entries    []*chainEntry // most recently used first
	originated *extension    // the chain of a call without provenance

	// call is the session's tools/call being decided: decide's Decision
	// points at it, and the session's next call reuses it (newCall), so a
	// Decision of the session is read before the next one is made, as
	// session.decide reads it. Its Arguments map is cleared, not made
	// anew; its Name and the names of its arguments are kept strings
	// (toolName, argumentName), not copied again for every call.
	call  bound.Call
	names []string // the argument names kept, at most maxKeptNames

	scanner admit.Scanner // admits each message of the session (admit)
}

// admit is admit.Scan(raw, admit.Options{}), with the session's scanner
// (nil c: a pooled one, as Decide admits).
func (c *chainCache) admit(raw []byte) error {
	if c == nil {
		return admit.Scan(raw, admit.Options{})
	}
	return c.scanner.Scan(raw, admit.Options{})
}

const (
	maxCachedChains     = 8
	maxCachedProvenance = 16 << 10
	// A kept chain of at most maxPreparedProvenance bytes (or the one
	// this guard originates) keeps the prepared checks of the last
	// maxPreparedTools tools called with it.
	maxPreparedProvenance = 4 << 10
	maxPreparedTools      = 4
	// A call's Arguments map of more entries than maxReusedArguments is
	// not reused (clearing it costs its table, however few the next call
	// fills); at most maxKeptNames argument names are kept.
	maxReusedArguments = 8
	maxKeptNames       = 16
)

// newCall is a call of the tool named name with no arguments read yet:
// the session's call, reused (see chainCache.call), or a new one when c
// is nil (Decide).
func (c *chainCache) newCall(name string) *bound.Call {
	if c == nil {
		return &bound.Call{Name: name, Arguments: map[string]bound.Value{}}
	}
	if c.call.Arguments == nil || len(c.call.Arguments) > maxReusedArguments {
		c.call.Arguments = map[string]bound.Value{}
	} else {
		clear(c.call.Arguments)
	}
	c.call.Name = name
	return &c.call
}

// toolName is jsonwire.Unquote of the admitted token tok, the params'
// name: the name of the session's last call when tok is that name
// written without an escape.
func (c *chainCache) toolName(tok []byte) (string, bool) {
	if c != nil && len(tok) >= 2 && tok[0] == '"' && string(tok[1:len(tok)-1]) == c.call.Name &&
		bytes.IndexByte(tok, '\\') < 0 {
		return c.call.Name, true
	}
	return jsonwire.Unquote(tok)
}

// argumentName is string(body), an argument's name written without an
// escape: a name the session kept, or kept now while fewer than
// maxKeptNames are (nil c: a copy).
func (c *chainCache) argumentName(body []byte) string {
	if c == nil {
		return string(body)
	}
	for _, n := range c.names {
		if n == string(body) {
			return n
		}
	}
	n := string(body)
	if len(c.names) < maxKeptNames {
		c.names = append(c.names, n)
	}
	return n
}

// chainEntry is one provenance value read: its bytes, as the message wrote
// them, the chain decoded from them, and that chain extended, once a call
// has been forwarded with it.
type chainEntry struct {
	provenance []byte
	inbound    *bound.Provenance
	extended   *extension
}

// extension is a chain extended by this guard's hop and the JSON that the
// forwarded call carries (targets/bound's serialization, written as one
// line). An extension the cache keeps for a small chain also keeps the
// checks of the tools called with it, prepared (bound.Prepare: each hop's
// rules for the tool, their meet and their operands canonicalized, made
// once for the session instead of for every call), most recently used
// first.
type extension struct {
	chain   *bound.Provenance
	written []byte
	checks  *preparedChecks // nil: none kept (one word: Decide makes an extension for every call)
}

// preparedChecks are the checks an extension keeps, most recently used
// first, at most maxPreparedTools, each with its constrained names folded
// (folded[i] is list[i]'s, made with it: argumentAlias).
type preparedChecks struct {
	list   []*bound.Prepared
	folded []*foldedNames
}

// prepared returns the prepared check of tool against x's chain when x
// keeps them, made for the first call of the tool (and again when the
// Canon has changed since: the schemas a session learns), with its
// constrained names folded; nil, nil when x keeps none, and the call is
// checked by bound.Check itself.
func (x *extension) prepared(tool string, c bound.Canon) (*bound.Prepared, *foldedNames) {
	if x.checks == nil {
		return nil, nil
	}
	list, folded := x.checks.list, x.checks.folded
	if len(list) > 0 && list[0].Serves(tool, c) {
		return list[0], folded[0] // the tool of the call before, as most calls are
	}
	i := 0
	for i < len(list) && list[i].Tool() != tool {
		i++
	}
	if i == len(list) {
		if len(list) < maxPreparedTools {
			list, folded = append(list, nil), append(folded, nil)
		}
		i = len(list) - 1
		list[i], folded[i] = nil, nil
	}
	pc, f := list[i], folded[i]
	if pc == nil || !pc.Serves(tool, c) {
		pc = bound.Prepare(x.chain, tool, c)
		f = newFoldedNames(pc.Arguments())
	}
	copy(list[1:i+1], list[:i])
	copy(folded[1:i+1], folded[:i])
	list[0], folded[0] = pc, f
	x.checks.list, x.checks.folded = list, folded
	return pc, f
}

// newChainCache is the cache of a session of cfg.
func newChainCache(cfg Config) *chainCache {
	return &chainCache{component: cfg.Component, policy: cfg.Policy}
}

// decode reads the provenance value raw (admitted bytes) into a chain, or
// returns the chain read from the same bytes before.
func (c *chainCache) decode(raw []byte) (*bound.Provenance, error) {
	if c != nil {
		for i, e := range c.entries {
			if bytes.Equal(e.provenance, raw) {
				copy(c.entries[1:i+1], c.entries[:i])
				c.entries[0] = e
				return e.inbound, nil
			}
		}
	}
	v, err := bound.DecodeAdmitted(raw)
	if err != nil {
		return nil, err
	}
	p, err := bound.ProvenanceFromValue(v)
	if err != nil {
		return nil, err
	}
	if c != nil && len(raw) <= maxCachedProvenance {
		if len(c.entries) < maxCachedChains {
			c.entries = append(c.entries, nil)
		}
		copy(c.entries[1:], c.entries)
		c.entries[0] = &chainEntry{provenance: bytes.Clone(raw), inbound: p}
	}
	return p, nil
}

// extend returns inbound (nil: absent) extended by the hop of cfg, and
// that chain written: made for the first call with the chain, then the
// same for every call of the session that carries it. A chain the cache
// did not decode, or a configuration other than the session's, is
// extended anew.
func (c *chainCache) extend(inbound *bound.Provenance, cfg Config) (*extension, error) {
	slot, size := c.slotOf(inbound, cfg)
	if slot != nil && *slot != nil {
		return *slot, nil
	}
	ext := inbound.Extend(cfg.Component, cfg.Policy)
	pb, err := ext.MarshalJSON()
	if err != nil {
		return nil, err
	}
	e := &extension{chain: ext, written: reframe(pb)}
	if slot != nil && size <= maxPreparedProvenance {
		e.checks = &preparedChecks{}
	}
	if slot != nil {
		*slot = e
	}
	return e, nil
}

// slotOf is where the extension of inbound is kept: the entry that decoded
// it, or the originated chain's; nil when it is not kept. size is the
// length of the provenance value read (0 for the originated chain).
func (c *chainCache) slotOf(inbound *bound.Provenance, cfg Config) (slot **extension, size int) {
	if c == nil || cfg.Component != c.component || !sameBound(cfg.Policy, c.policy) {
		return nil, 0
	}
	if inbound == nil {
		return &c.originated, 0
	}
	for _, e := range c.entries {
		if e.inbound == inbound {
			return &e.extended, len(e.provenance)
		}
	}
	return nil, 0
}

// sameBound reports whether a and b are the same slice (the configuration's
// policy, not an equal one: the cache is the session's).
func sameBound(a, b bound.Bound) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
