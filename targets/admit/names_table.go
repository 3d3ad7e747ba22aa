package admit

import (
	"hash/maphash"
	"math/bits"
)

// nameTable is the hash index of one large object's names: open
// addressing with linear probing over entry numbers, at most seven
// eighths full (the tags keep a long probe cheap: most of it is told apart
// without reading an entry).
//
// A slot is four bytes, so that the index of an object of a million
// members costs a few bytes a member: the entry number + 1 in the low
// nameSet.entryBits bits (0 is empty), and above them a tag of the name's
// hash, so that most probes of another name are told apart without reading
// its entry. The table holds no hash to move its slots by when it grows:
// it is built again from the object's entries, which are in input order.
type nameTable struct {
	slots []uint32
	shift uint // 64 - log2(len(slots)): a hash's top bits are its first slot
	count int
}

// full reports whether one more entry would fill the table past seven
// eighths.
func (t *nameTable) full() bool { return 8*(t.count+1) > 7*len(t.slots) }

// build indexes the entries of the object that starts at entry base, in a
// table of room for at least need of them: the table it has, if that is
// empty and large enough, or a new one.
func (t *nameTable) build(ns *nameSet, base, need int) {
	size := 2 * linearLimit
	for 8*need > 7*size {
		size *= 2
	}
	if t.count > 0 || len(t.slots) < size {
		t.slots = make([]uint32, size)
	}
	t.shift = 64 - uint(bits.TrailingZeros(uint(len(t.slots))))
	t.count = 0
	for k := base; k < ns.count; k++ {
		t.insert(ns, maphash.Bytes(ns.seed, ns.name(ns.at(k))), k)
	}
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

// find returns the entry number of the name, whose hash is h, or -1.
func (t *nameTable) find(ns *nameSet, h uint64, name []byte) int {
	mask := len(t.slots) - 1
	tag := uint32(h) & ns.tagMask
	for p := int(h >> t.shift); ; p = (p + 1) & mask {
		s := t.slots[p]
		if s == 0 {
			return -1
		}
		if s&ns.tagMask == tag {
			if k := int(s&^ns.tagMask) - 1; ns.equal(ns.at(k), name) {
				return k
			}
		}
	}
}

// insert enters entry k, whose name's hash is h. The table is not full.
func (t *nameTable) insert(ns *nameSet, h uint64, k int) {
	mask := len(t.slots) - 1
	p := int(h >> t.shift)
	for t.slots[p] != 0 {
		p = (p + 1) & mask
	}
	t.slots[p] = uint32(h)&ns.tagMask | uint32(k+1)
	t.count++
}
