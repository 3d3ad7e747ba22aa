package testdocs

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// Buried returns a JSON document that holds core depth levels down, between
// filler bytes of generated values before it and after it:
//
//	{"filler":[...],"path":{"n0":v,"down":[v,{"n1":v,"down":[v,...core]}]},"tail":[...]}
//
// The filler is numbers, escaped and literal strings, literals, and arrays
// and objects up to three levels deep, every member name unique, drawn from
// r. It is the shape of a large, mostly admissible input with one fault
// (core) hidden deep inside, which the minimizer's measurements and the
// findings' hostile inputs reduce.
func Buried(core string, filler, depth int, r *rand.Rand) []byte {
	g := &bulk{r: r}
	var b strings.Builder
	b.Grow(2*filler + len(core) + 64*depth)
	b.WriteString(`{"filler":[`)
	g.filler(&b, filler)
	b.WriteString(`],"path":`)
	for d := range depth {
		b.WriteString(`{"n`)
		b.WriteString(strconv.Itoa(d))
		b.WriteString(`":`)
		g.value(&b, 1)
		b.WriteString(`,"down":[`)
		g.value(&b, 1)
		b.WriteByte(',')
	}
	b.WriteString(core)
	b.WriteString(strings.Repeat("]}", depth))
	b.WriteString(`,"tail":[`)
	g.filler(&b, filler)
	b.WriteString(`]}`)
	return []byte(b.String())
}

// bulk draws Buried's filler values.
type bulk struct {
	r *rand.Rand
	n int // member names drawn so far, so every name is unique
}

// filler writes values of depth 3 until b has grown by size bytes.
func (g *bulk) filler(b *strings.Builder, size int) {
	for start, i := b.Len(), 0; b.Len()-start < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		g.value(b, 3)
	}
}

func (g *bulk) value(b *strings.Builder, depth int) {
	k := g.r.IntN(7)
	if depth <= 0 {
		k = g.r.IntN(5) // no containers below the last level
	}
	switch k {
	case 0:
		b.WriteString(strconv.FormatFloat(g.r.NormFloat64()*1e6, 'g', -1, 64))
	case 1:
		b.WriteString(strconv.Itoa(g.r.IntN(1 << 20)))
	case 2:
		b.WriteString(`"text \"`)
		b.WriteString(strconv.Itoa(g.r.IntN(1000)))
		b.WriteString(`\" caf\u00e9 \ud83d\ude00"`)
	case 3:
		b.WriteString([]string{"true", "false", "null"}[g.r.IntN(3)])
	case 4:
		b.WriteString(`"plain"`)
	case 5:
		b.WriteByte('[')
		for i := range g.r.IntN(6) {
			if i > 0 {
				b.WriteString(", ")
			}
			g.value(b, depth-1)
		}
		b.WriteByte(']')
	default:
		b.WriteByte('{')
		for i := range g.r.IntN(6) {
			if i > 0 {
				b.WriteByte(',')
			}
			g.n++
			b.WriteString(`"m`)
			b.WriteString(strconv.Itoa(g.n))
			b.WriteString(`": `)
			g.value(b, depth-1)
		}
		b.WriteByte('}')
	}
}

// HugeDuplicate is an admitted-looking JSON text of about size bytes, with
// one object at depth depth holding a duplicate member, from a fixed seed:
// the input the minimizer's measurements reduce (docs/MINIMIZE.md).
func HugeDuplicate(size, depth int, seed uint64) []byte {
	return Buried(`{"k":true,"mid":"x\u00e9y","k":[1,2]}`, size/2, depth,
		rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
}
