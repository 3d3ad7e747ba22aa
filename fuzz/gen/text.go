package gen

import "math/rand/v2"

// numberWritings is the first byte from which GenerateText plants a
// number shape: the 24 bytes 232..255, eight for each NumberShape; the
// 16 below them cut a writing short (cutWritings), and bytes 0..215 (a
// multiple of the other writings' count) choose the other writings
// evenly.
const numberWritings = 256 - 8*int(numberShapes)

// GenerateText turns data into a JSON text for the properties whose input
// is a raw text (fuzz/property's admission and canonicalization targets),
// so that the engine reaches from nothing what a byte mutator does not
// write: the first byte chooses the writing, plain (Write with seed 0),
// one of Write's other representations, one of Hostile's flaws (a
// duplicate name, a lone surrogate, invalid UTF-8, a raw control, a
// trailing comma, a bad escape) or, for 24 of its 256 values, a number
// token of a NumberShape in place of a value (PlantNumber: 1e400, 1e-400,
// .0, 0., +1 ...), whose token the next byte chooses; the value is drawn
// as Generate draws it, names across the UTF-16/code-point divide,
// noncharacters, escapes and the numbers of the edges included; the
// writing's seed is read last. For 16 other first bytes (cutWritings) the
// writing with a seed is cut short: for 8 of them anywhere (CutShort), so
// that the input ends in each state of the grammar, for 4 inside one of its
// numbers where a digit must follow (CutInNumber), for 4 inside an escape
// of one of its strings (CutInEscape). Like Generate, it never fails.
func GenerateText(data []byte) []byte {
	s := newSource(data)
	how := s.byte()
	if how >= numberWritings {
		shape, choice := NumberShape((how-numberWritings)/8), s.byte()
		text, _ := PlantNumber(s.top(), s.uint64()|1, shape, choice)
		return text
	}
	if how >= cutWritings {
		v, seed := s.top(), s.uint64()|1
		r := rand.New(rand.NewPCG(seed, ^seed))
		switch {
		case how >= cutWritings+12:
			return CutInEscape(Write(v, seed), r)
		case how >= cutWritings+8:
			return CutInNumber(Write(v, seed), r)
		}
		return CutShort(Write(v, seed), r)
	}
	how %= 2 + int(flaws)
	v := s.top()
	seed := s.uint64() | 1
	switch how {
	case 0:
		return Write(v, 0)
	case 1:
		return Write(v, seed)
	}
	return plant(v, seed, Flaw(how-2), rand.New(rand.NewPCG(seed, ^seed)))
}

// GenerateNames turns data into two member names that share a prefix and
// part where orders part: each goes on with a character above the
// surrogates (U+E000..U+FFFF), one above U+FFFF, any drawn character or a
// name of the pool, so that UTF-16 order (RFC 8785 section 3.2.3) and
// code-point order disagree on one pair in eight. Like Generate, it never
// fails.
func GenerateNames(data []byte) (string, string) {
	s := newSource(data)
	prefix := ""
	if s.bool() {
		prefix = s.name()
	}
	return prefix + s.nameTail(), prefix + s.nameTail()
}

// nameTail draws what follows a shared prefix of two names.
func (s *source) nameTail() string {
	switch s.intn(4) {
	case 0:
		return string(bmpHigh[s.intn(len(bmpHigh))])
	case 1:
		return string(supplementary[s.intn(len(supplementary))])
	case 2:
		return string(s.rune())
	}
	return s.name()
}
