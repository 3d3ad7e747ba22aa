package guard

import (
	"bytes"

	"github.com/canonfuzz/canonfuzz/targets/bound"
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
// chain and never writes it, and the cache hands out the same values to
// every call. A chainCache is used by one goroutine (the session's client
// reader); a nil *chainCache caches nothing, as Decide runs.
type chainCache struct {
	// The hop this guard appends (Config.Component and Config.Policy); a
	// call decided under another configuration is not served.
	component string
	policy    bound.Bound

	entries    []*chainEntry // most recently used first
	originated *extension    // the chain of a call without provenance
}

const (
	maxCachedChains     = 8
	maxCachedProvenance = 16 << 10
)

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
// line).
type extension struct {
	chain   *bound.Provenance
	written []byte
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
	slot := c.slotOf(inbound, cfg)
	if slot != nil && *slot != nil {
		return *slot, nil
	}
	ext := inbound.Extend(cfg.Component, cfg.Policy)
	pb, err := ext.MarshalJSON()
	if err != nil {
		return nil, err
	}
	e := &extension{chain: ext, written: reframe(pb)}
	if slot != nil {
		*slot = e
	}
	return e, nil
}

// slotOf is where the extension of inbound is kept: the entry that decoded
// it, or the originated chain's; nil when it is not kept.
func (c *chainCache) slotOf(inbound *bound.Provenance, cfg Config) **extension {
	if c == nil || cfg.Component != c.component || !sameBound(cfg.Policy, c.policy) {
		return nil
	}
	if inbound == nil {
		return &c.originated
	}
	for _, e := range c.entries {
		if e.inbound == inbound {
			return &e.extended
		}
	}
	return nil
}

// sameBound reports whether a and b are the same slice (the configuration's
// policy, not an equal one: the cache is the session's).
func sameBound(a, b bound.Bound) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
