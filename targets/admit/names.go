package admit

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
)

// nameSet holds the member names of every object that is open, innermost
// last, so that a repeat within one object is found in time near linear in
// the number of members. An object's names are dropped when it closes, which
// bounds the set by the names of the objects currently open.
//
// Names are compared decoded (RFC 8259 section 8.3: "a\u0061" and "aa" are
// one name). A name without escapes is held as a slice of the input; a name
// with escapes is decoded into arena.
type nameSet struct {
	in      []byte
	arena   []byte
	entries []nameEntry
	tables  [MaxDepthLimit]nameTable // a hash index per depth, for large objects
	seed    maphash.Seed
	seeded  bool
}

// nameEntry is one name: bytes [off, off+n) of the input, or of the arena
// when aoff >= 0, which is where an escaped name is decoded to.
type nameEntry struct {
	key  uint64 // the first eight bytes, zero padded: the whole name when n <= 8
	off  int    // offset of the name's first byte in the input, after the quote
	n    int    // length of the decoded name
	aoff int    // offset of the decoded name in the arena, or -1
}

func (e *nameEntry) quote() int { return e.off - 1 }

// nameMark is where an object's names begin, and what is known of them.
type nameMark struct {
	entries, arena int
	seen           uint64 // a one-word Bloom filter of the names so far
	indexed        bool   // the object has outgrown linear search
}

// linearLimit is the member count up to which an object is searched
// linearly; past it the object gets a hash index.
const linearLimit = 16

func (ns *nameSet) reset(in []byte) {
	ns.in = in
	ns.arena = ns.arena[:0]
	ns.entries = ns.entries[:0]
	if !ns.seeded {
		ns.seed = maphash.MakeSeed()
		ns.seeded = true
	}
}

// release empties the indexes that a refused scan left open and drops the
// input.
func (ns *nameSet) release(open []frame) {
	ns.in = nil
	for d := range open {
		if open[d].object && open[d].names.indexed {
			ns.tables[d].clear()
		}
	}
}

func (ns *nameSet) open() nameMark {
	return nameMark{entries: len(ns.entries), arena: len(ns.arena)}
}

func (ns *nameSet) close(depth int, m *nameMark) {
	if m.indexed {
		ns.tables[depth].clear()
	}
	ns.entries = ns.entries[:m.entries]
	ns.arena = ns.arena[:m.arena]
}

func (ns *nameSet) bytes(e *nameEntry) []byte {
	if e.aoff >= 0 {
		return ns.arena[e.aoff : e.aoff+e.n]
	}
	return ns.in[e.off : e.off+e.n]
}

// add enters e into the object opened at depth, whose mark is m. It returns
// the opening quote of an earlier equal name, or -1.
//
// Small objects are searched linearly, and only when the object's one-word
// Bloom filter says the name may have been seen; past linearLimit members
// the object gets a hash index.
//
// e.key must already be set.
func (ns *nameSet) add(depth int, m *nameMark, e nameEntry) int {
	name := ns.bytes(&e)
	if !m.indexed {
		members := ns.entries[m.entries:]
		if len(members) < linearLimit {
			bit := uint64(1) << (bloomMix(e.key, name) >> 58)
			if m.seen&bit != 0 {
				for k := range members {
					p := &members[k]
					if p.key == e.key && p.n == e.n && (e.n <= 8 || bytes.Equal(ns.bytes(p), name)) {
						return p.quote()
					}
				}
			}
			m.seen |= bit
			ns.entries = append(ns.entries, e)
			return -1
		}
		m.indexed = true
		ns.index(depth, m.entries)
	}
	t := &ns.tables[depth]
	h := maphash.Bytes(ns.seed, name)
	if prior := t.find(ns, h, name); prior >= 0 {
		return ns.entries[prior].quote()
	}
	ns.entries = append(ns.entries, e)
	t.insert(h, len(ns.entries)-1)
	return -1
}

// nameKey packs the first eight bytes of a name, so that names of up to
// eight bytes compare as one integer.
func nameKey(name []byte) uint64 {
	if len(name) >= 8 {
		return binary.LittleEndian.Uint64(name)
	}
	var k uint64
	for i, c := range name {
		k |= uint64(c) << (8 * i)
	}
	return k
}

// key is nameKey(name) for e, read as one load from the input when the
// name is an unescaped one with eight bytes after its start.
func (ns *nameSet) key(e *nameEntry, name []byte) uint64 {
	if e.aoff < 0 && e.n < 8 && e.off+8 <= len(ns.in) {
		return binary.LittleEndian.Uint64(ns.in[e.off:]) & (1<<(8*e.n) - 1)
	}
	return nameKey(name)
}

// bloomMix spreads a name over 64 bits: the key, and for longer names their
// last eight bytes and length too.
func bloomMix(key uint64, name []byte) uint64 {
	h := key
	if n := len(name); n > 8 {
		h ^= binary.LittleEndian.Uint64(name[n-8:])<<1 ^ uint64(n)
	}
	return h * 0x9E3779B97F4A7C15
}

// index builds the hash index of the object at depth from its names so far.
func (ns *nameSet) index(depth, base int) {
	t := &ns.tables[depth]
	for k := base; k < len(ns.entries); k++ {
		t.insert(maphash.Bytes(ns.seed, ns.bytes(&ns.entries[k])), k)
	}
}

// nameTable is an open-addressing hash index over entry numbers.
type nameTable struct {
	slots []nameSlot
	count int
}

// nameSlot is eight bytes, so that a large object's index is as small as it
// can be: lookups in it are cache misses, and they are most of the cost.
// Options.MaxSize keeps the entry count below 2^32.
type nameSlot struct {
	tag   uint32 // the high half of the name's hash
	entry uint32 // entry number + 1; 0 is empty
}

// clear empties the index. A table far larger than its last object is
// dropped instead of cleared, so that clearing costs no more than the
// insertions did and a huge object cannot make later small ones slow.
func (t *nameTable) clear() {
	if len(t.slots) > 8*t.count {
		t.slots = nil
	} else {
		clear(t.slots)
	}
	t.count = 0
}

func (t *nameTable) find(ns *nameSet, h uint64, name []byte) int {
	if len(t.slots) == 0 {
		return -1
	}
	mask := uint32(len(t.slots) - 1)
	tag := uint32(h >> 32)
	for p := tag & mask; ; p = (p + 1) & mask {
		s := &t.slots[p]
		if s.entry == 0 {
			return -1
		}
		if s.tag == tag {
			if e := &ns.entries[s.entry-1]; e.n == len(name) && bytes.Equal(ns.bytes(e), name) {
				return int(s.entry - 1)
			}
		}
	}
}

func (t *nameTable) insert(h uint64, k int) {
	if 2*(t.count+1) > len(t.slots) {
		t.grow()
	}
	t.put(nameSlot{tag: uint32(h >> 32), entry: uint32(k + 1)})
	t.count++
}

// put places s at the first free slot from the one its tag names.
func (t *nameTable) put(s nameSlot) {
	mask := uint32(len(t.slots) - 1)
	p := s.tag & mask
	for t.slots[p].entry != 0 {
		p = (p + 1) & mask
	}
	t.slots[p] = s
}

func (t *nameTable) grow() {
	size := 2 * len(t.slots)
	if size < 4*linearLimit {
		size = 4 * linearLimit
	}
	old := t.slots
	t.slots = make([]nameSlot, size)
	for _, s := range old {
		if s.entry != 0 {
			t.put(s)
		}
	}
}
