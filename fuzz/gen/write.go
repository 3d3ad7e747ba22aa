package gen

import (
	"math/rand/v2"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// Write writes v as a JSON text. Seed 0 is the plain writing: members in
// generation order and otherwise the canonical form. Any other seed picks,
// at every member list, token boundary, character and number, one of the
// representations JSON allows for it: members shuffled, whitespace of
// every kind, characters escaped as \uXXXX in either case, surrogate pairs
// for characters above U+FFFF, \/ for /, and number spellings that denote
// the same double (see Spell). Every writing of v is admitted under the
// default options and has v's canonical form.
func Write(v Value, seed uint64) []byte {
	w := writer{}
	if seed != 0 {
		w.r = rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	}
	w.space()
	w.value(v)
	w.space()
	return w.out
}

// writer holds one writing in progress; a nil r is the plain writing.
type writer struct {
	r   *rand.Rand
	out []byte
}

// one reports true with probability 1/n, never for the plain writing.
func (w *writer) one(n int) bool { return w.r != nil && w.r.IntN(n) == 0 }

// whitespace is every byte RFC 8259 section 2 allows between tokens.
var whitespace = []string{" ", "\t", "\n", "\r", "\r\n", "  ", " \n\t "}

// space writes whitespace, sometimes.
func (w *writer) space() {
	if w.one(4) {
		w.out = append(w.out, whitespace[w.r.IntN(len(whitespace))]...)
	}
}

func (w *writer) value(v Value) {
	switch v.Kind {
	case Array:
		w.out = append(w.out, '[')
		for i, e := range v.Elems {
			if i > 0 {
				w.space()
				w.out = append(w.out, ',')
			}
			w.space()
			w.value(e)
		}
		w.space()
		w.out = append(w.out, ']')
	case Object:
		w.out = append(w.out, '{')
		for i, m := range w.order(v.Members) {
			if i > 0 {
				w.space()
				w.out = append(w.out, ',')
			}
			w.space()
			w.string(m.Name)
			w.space()
			w.out = append(w.out, ':')
			w.space()
			w.value(m.Value)
		}
		w.space()
		w.out = append(w.out, '}')
	case String:
		w.string(v.Str)
	case Number:
		if w.r == nil {
			w.out = append(w.out, ECMAScriptNumber(v.Num)...)
		} else {
			w.out = append(w.out, Spell(v.Num, w.r)...)
		}
	default:
		w.out = appendCanonical(w.out, v)
	}
}

// order returns the members in the order this writing lists them.
func (w *writer) order(ms []Member) []Member {
	if w.r == nil || len(ms) < 2 {
		return ms
	}
	ms = slices.Clone(ms)
	switch w.r.IntN(4) {
	case 0:
		slices.Reverse(ms)
	case 1, 2:
		w.r.Shuffle(len(ms), func(i, j int) { ms[i], ms[j] = ms[j], ms[i] })
	}
	return ms
}

// shortEscapes are the two-character escapes of RFC 8259 section 7.
var shortEscapes = map[rune]string{'"': `\"`, '\\': `\\`, '/': `\/`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`}

// string writes s as a JSON string.
func (w *writer) string(s string) {
	if w.r == nil {
		w.out = appendCanonicalString(w.out, s)
		return
	}
	w.out = append(w.out, '"')
	for _, r := range s {
		short, hasShort := shortEscapes[r]
		must := r < 0x20 || r == '"' || r == '\\'
		switch {
		case hasShort && (must || w.one(2)) && w.r.IntN(2) == 0:
			w.out = append(w.out, short...)
		case must || w.one(4):
			w.escape(r)
		default:
			w.out = utf8.AppendRune(w.out, r)
		}
	}
	w.out = append(w.out, '"')
}

// escape writes r as \uXXXX escapes, a surrogate pair above U+FFFF, with
// each hex digit in either case.
func (w *writer) escape(r rune) {
	units := []uint16{uint16(r)}
	if r > 0xffff {
		hi, lo := utf16.EncodeRune(r)
		units = []uint16{uint16(hi), uint16(lo)}
	}
	for _, u := range units {
		w.out = append(w.out, `\u`...)
		for shift := 12; shift >= 0; shift -= 4 {
			d := "0123456789abcdef"[u>>shift&15]
			if d >= 'a' && w.r.IntN(2) == 0 {
				d -= 'a' - 'A'
			}
			w.out = append(w.out, d)
		}
	}
}
