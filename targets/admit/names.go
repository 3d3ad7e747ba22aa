package admit

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math/bits"

	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// nameSet holds the member names of every object that is open, innermost
// last, so that a repeat within one object is found in time near linear in
// the number of members. An object's names are dropped when it closes, which
// bounds the set by the names of the objects currently open.
//
// Names are compared decoded (RFC 8259 section 8.3: "a\u0061" and "aa" are
// one name). Every name is held as where it stands in the input, eight
// bytes an entry; one that holds an escape is decoded again when it is
// compared or hashed, so that holding it costs no more than holding any
// other (issue 9: no input may cost more than a small multiple of its size).
type nameSet struct {
	in     []byte
	chunks [][]nameEntry // the entries, chunkSize a chunk: growing never copies
	count  int           // entries held
	// cur is the chunk that holds entry curBase onward, where push
	// stores without finding the chunk again (issue 20: a call a name).
	cur     []nameEntry
	curBase int
	tables  []nameTable // a hash index per depth, for large objects
	// maxDepth is the scan's depth cap: the depths tables may need.
	maxDepth int
	// entryBits is how many low bits of a table slot number an entry: as
	// few as the input's size allows, so that the rest hold a tag.
	entryBits uint
	tagMask   uint32 // the bits of a slot above entryBits
	decoded   []byte // the escaped name being entered, decoded
	other     []byte // an earlier escaped name, decoded to be compared or hashed
	seed      maphash.Seed
	seeded    bool
}

// nameEntry is one name packed in a word: the offset of its first byte in
// the input (after the quote) in the low offsetBits, the count of bytes
// between its quotes above them, and in the top bit whether it holds an
// escape. A count of longName or more is held as longName and measured
// again from the input when needed (jsonwire.StringEnd), which only names
// of half a gigabyte need, never truncated.
type nameEntry uint64

const (
	offsetBits = 34 // an offset is below MaxSizeLimit, 2^34
	countBits  = 63 - offsetBits
	longName   = 1<<countBits - 1
	escapedBit = 1 << 63
)

// Every offset of an admissible input fits offsetBits: this fails to
// compile if MaxSizeLimit outgrows them.
var _ [1<<offsetBits - MaxSizeLimit]struct{}

func makeEntry(off, n int, escaped bool) nameEntry {
	e := nameEntry(off) | nameEntry(min(n, longName))<<offsetBits
	if escaped {
		e |= escapedBit
	}
	return e
}

func (e nameEntry) off() int      { return int(e & (1<<offsetBits - 1)) }
func (e nameEntry) count() int    { return int(e>>offsetBits) & longName }
func (e nameEntry) escaped() bool { return e&escapedBit != 0 }
func (e nameEntry) quote() int    { return e.off() - 1 }

const (
	chunkBits  = 10 // 1024 entries, 8 KiB, a chunk
	chunkSize  = 1 << chunkBits
	firstChunk = 32 // the first chunk starts this small and doubles to chunkSize
)

// nameMark is where an object's names begin, and what is known of them.
type nameMark struct {
	entries int
	seen    uint64 // a one-word Bloom filter of the names so far
	indexed bool   // the object has outgrown linear search
}

// linearLimit is the member count up to which an object is searched
// linearly; past it the object gets a hash index.
const linearLimit = 16

func (ns *nameSet) reset(in []byte, maxDepth int) {
	ns.in = in
	ns.maxDepth = maxDepth
	ns.count = 0
	ns.entryBits = uint(bits.Len64(maxNames(len(in))))
	ns.tagMask = ^uint32(0) << ns.entryBits
	if !ns.seeded {
		ns.seed = maphash.MakeSeed()
		ns.seeded = true
	}
}

// maxNames bounds the member names an input of n bytes can hold, so that
// the entry numbers of a scan fit a slot's low entryBits. Every name has
// its two quotes, its colon and the '{' or ',' before it to itself, and an
// object with names has its '}' besides: n >= 4*names + 1. MaxSizeLimit
// (2^34) makes it at most 2^32 - 1, so entry number + 1 fits 32 bits.
func maxNames(n int) uint64 {
	if n < 1 {
		return 0
	}
	return uint64(n-1) / 4
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
	return nameMark{entries: ns.count}
}

func (ns *nameSet) close(depth int, m *nameMark) {
	if m.indexed {
		ns.tables[depth].clear()
	}
	ns.count = m.entries
}

func (ns *nameSet) at(k int) nameEntry { return ns.chunks[k>>chunkBits][k&(chunkSize-1)] }

// Entries are appended by pushCur, or pushChunk when it finds no room. A
// chunk is allocated at its full size, the first one excepted, so that the
// entries of an object of a million members cost what they hold and not
// the copies of a doubling slice.

// pushCur appends e if the chunk of the last append has room, and reports
// whether it did. It is small enough to inline (issue 20: a call counts 57
// of the inliner's budget of 80, so no function that also calls
// pushChunk is), which saves a call a name.
func (ns *nameSet) pushCur(e nameEntry) bool {
	if k := ns.count - ns.curBase; uint(k) < uint(len(ns.cur)) {
		ns.cur[k] = e
		ns.count++
		return true
	}
	return false
}

// pushChunk appends e past the end of cur, or below its start after
// objects closed: it finds the chunk of entry count, growing the set if
// there is none, and makes it cur.
func (ns *nameSet) pushChunk(e nameEntry) {
	c, i := ns.count>>chunkBits, ns.count&(chunkSize-1)
	if c >= len(ns.chunks) || i >= len(ns.chunks[c]) {
		ns.grow()
	}
	ns.cur, ns.curBase = ns.chunks[c], c<<chunkBits
	ns.cur[i] = e
	ns.count++
}

// grow makes room for one more entry.
func (ns *nameSet) grow() {
	c, i := ns.count>>chunkBits, ns.count&(chunkSize-1)
	if c == len(ns.chunks) {
		ns.chunks = append(ns.chunks, nil)
	}
	size := chunkSize
	if c == 0 {
		size = min(chunkSize, max(firstChunk, 2*i))
	}
	grown := make([]nameEntry, size)
	copy(grown, ns.chunks[c][:i])
	ns.chunks[c] = grown
}

// rawCount is the count of bytes between e's quotes.
func (ns *nameSet) rawCount(e nameEntry) int {
	if n := e.count(); n != longName {
		return n
	}
	end, _ := jsonwire.StringEnd(ns.in, e.quote())
	return end - 1 - e.off()
}

// name returns e decoded: a slice of the input, or of ns.other when it
// holds an escape, valid until the next call.
func (ns *nameSet) name(e nameEntry) []byte {
	raw := ns.in[e.off() : e.off()+ns.rawCount(e)]
	if !e.escaped() {
		return raw
	}
	ns.other = unquoteName(ns.other, raw)
	return ns.other
}

// unquoteName decodes raw, a name's bytes that scanString has checked (every
// escape well formed, every surrogate escape half of a pair), into buf. A
// name never decodes to more bytes than it spells, so buf grows once.
func unquoteName(buf, raw []byte) []byte {
	if cap(buf) < len(raw) {
		buf = make([]byte, 0, len(raw))
	}
	buf, _ = jsonwire.AppendUnquoted(buf[:0], raw)
	return buf
}

// equal reports whether p decodes to name. An escape never decodes to more
// bytes than it spells, so an escaped name shorter than name is not it.
func (ns *nameSet) equal(p nameEntry, name []byte) bool {
	n := p.count()
	if !p.escaped() && n != longName {
		return n == len(name) && bytes.Equal(ns.in[p.off():p.off()+n], name)
	}
	if n != longName && n < len(name) {
		return false
	}
	return bytes.Equal(ns.name(p), name)
}

// add enters e, whose decoded bytes are name, into the object opened at
// depth, whose mark is m. It returns the opening quote of an earlier equal
// name, or -1.
//
// Small objects are searched linearly, and only when the object's one-word
// Bloom filter says the name may have been seen; past linearLimit members
// the object gets a hash index.
func (ns *nameSet) add(depth int, m *nameMark, e nameEntry, key uint64, name []byte) int {
	if !m.indexed {
		if ns.count-m.entries < linearLimit {
			bit := uint64(1) << (bloomMix(key, name) >> 58)
			if m.seen&bit != 0 {
				for k := m.entries; k < ns.count; k++ {
					p := ns.at(k)
					if n := p.count(); n != len(name) && n != longName && !p.escaped() {
						// An unescaped name of another length, told
						// apart without the call to equal (issue 20: a
						// Bloom hit on api searched all ten names).
						continue
					}
					if ns.equal(p, name) {
						return p.quote()
					}
				}
			}
			m.seen |= bit
			if !ns.pushCur(e) {
				ns.pushChunk(e)
			}
			return -1
		}
		m.indexed = true
		if len(ns.tables) <= depth {
			// one table a depth the scan may reach, made once
			ns.tables = append(ns.tables, make([]nameTable, ns.maxDepth-len(ns.tables))...)
		}
		ns.tables[depth].build(ns, m.entries, ns.count-m.entries+1)
	}
	t := &ns.tables[depth]
	h := maphash.Bytes(ns.seed, name)
	if prior := t.find(ns, h, name); prior >= 0 {
		return ns.at(prior).quote()
	}
	if t.full() {
		t.build(ns, m.entries, t.count+1)
	}
	if !ns.pushCur(e) {
		ns.pushChunk(e)
	}
	t.insert(ns, h, ns.count-1)
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

// key is nameKey(name) for the name at off, read as one load from the
// input when it is an unescaped one with eight bytes after its start.
func (ns *nameSet) key(off int, escaped bool, name []byte) uint64 {
	if !escaped && len(name) < 8 && off+8 <= len(ns.in) {
		return binary.LittleEndian.Uint64(ns.in[off:]) & (1<<(8*len(name)) - 1)
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
	return h * bloomMul
}

// bloomMul spreads a name's key over the word's top bits (Fibonacci hashing).
const bloomMul = 0x9E3779B97F4A7C15
