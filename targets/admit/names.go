package admit

import (
	"bytes"
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
	tables  [MaxDepthLimit]*nameTable // a hash index per depth, for large objects
	seed    maphash.Seed
	seeded  bool
}

// nameEntry is one name: bytes [off, off+n) of the input or of the arena.
type nameEntry struct {
	off, n  int
	inArena bool
	hash    uint64 // set once the object has a hash index
	quote   int    // offset of the name's opening quote
}

// nameMark is where an object's names begin.
type nameMark struct {
	entries, arena int
	indexed        bool
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

func (ns *nameSet) release() {
	ns.in = nil
	for i := range ns.tables {
		if t := ns.tables[i]; t != nil && t.used {
			t.clear()
		}
	}
}

func (ns *nameSet) open(depth int) nameMark {
	return nameMark{entries: len(ns.entries), arena: len(ns.arena)}
}

func (ns *nameSet) close(depth int, m nameMark) {
	if t := ns.tables[depth]; t != nil && t.used {
		t.clear()
	}
	ns.entries = ns.entries[:m.entries]
	ns.arena = ns.arena[:m.arena]
}

func (ns *nameSet) bytes(e *nameEntry) []byte {
	if e.inArena {
		return ns.arena[e.off : e.off+e.n]
	}
	return ns.in[e.off : e.off+e.n]
}

// add enters e into the object opened at depth whose names begin at base.
// It returns the opening quote of an earlier equal name, or -1.
func (ns *nameSet) add(depth int, base int, e nameEntry) int {
	members := ns.entries[base:]
	name := ns.bytes(&e)
	t := ns.tables[depth]
	if t == nil || !t.used {
		if len(members) < linearLimit {
			for k := range members {
				if members[k].n == e.n && bytes.Equal(ns.bytes(&members[k]), name) {
					return members[k].quote
				}
			}
			ns.entries = append(ns.entries, e)
			return -1
		}
		t = ns.index(depth, base)
	}
	e.hash = maphash.Bytes(ns.seed, name)
	if prior := t.find(ns, e.hash, name); prior >= 0 {
		return ns.entries[prior].quote
	}
	ns.entries = append(ns.entries, e)
	t.insert(ns, len(ns.entries)-1)
	return -1
}

// index builds the hash index of the object at depth from its names so far.
func (ns *nameSet) index(depth, base int) *nameTable {
	t := ns.tables[depth]
	if t == nil {
		t = &nameTable{}
		ns.tables[depth] = t
	}
	t.used = true
	for k := base; k < len(ns.entries); k++ {
		e := &ns.entries[k]
		e.hash = maphash.Bytes(ns.seed, ns.bytes(e))
		t.insert(ns, k)
	}
	return t
}

// nameTable is an open-addressing hash index over entry numbers.
type nameTable struct {
	slots []int // entry number + 1; 0 is empty
	count int
	used  bool
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
	t.used = false
}

func (t *nameTable) find(ns *nameSet, h uint64, name []byte) int {
	if len(t.slots) == 0 {
		return -1
	}
	mask := uint64(len(t.slots) - 1)
	for p := h & mask; ; p = (p + 1) & mask {
		k := t.slots[p]
		if k == 0 {
			return -1
		}
		e := &ns.entries[k-1]
		if e.hash == h && e.n == len(name) && bytes.Equal(ns.bytes(e), name) {
			return int(k - 1)
		}
	}
}

func (t *nameTable) insert(ns *nameSet, k int) {
	if 2*(t.count+1) > len(t.slots) {
		t.grow(ns)
	}
	mask := uint64(len(t.slots) - 1)
	p := ns.entries[k].hash & mask
	for t.slots[p] != 0 {
		p = (p + 1) & mask
	}
	t.slots[p] = k + 1
	t.count++
}

func (t *nameTable) grow(ns *nameSet) {
	size := 2 * len(t.slots)
	if size < 4*linearLimit {
		size = 4 * linearLimit
	}
	old := t.slots
	t.slots = make([]int, size)
	mask := uint64(size - 1)
	for _, k := range old {
		if k == 0 {
			continue
		}
		p := ns.entries[k-1].hash & mask
		for t.slots[p] != 0 {
			p = (p + 1) & mask
		}
		t.slots[p] = k
	}
}
