package minimize

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// hugeDuplicateDocument builds an admitted-looking JSON text of about size
// bytes, with one object at depth depth holding a duplicate member, from a
// fixed seed: objects and arrays of numbers, strings with escapes and
// literals, every member name unique in its object.
func hugeDuplicateDocument(size, depth int, seed uint64) []byte {
	g := &docGen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	var b strings.Builder
	b.WriteString(`{"filler":[`)
	// Filler before and after the path to the duplicate.
	for i := 0; b.Len() < size/2; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		g.value(&b, 3)
	}
	b.WriteString(`],"path":`)
	for d := 0; d < depth; d++ {
		b.WriteString(`{"n`)
		b.WriteString(strconv.Itoa(d))
		b.WriteString(`":`)
		g.value(&b, 1)
		b.WriteString(`,"down":[`)
		g.value(&b, 1)
		b.WriteByte(',')
	}
	b.WriteString(`{"k":true,"mid":"x\u00e9y","k":[1,2]}`)
	for d := 0; d < depth; d++ {
		b.WriteString(`]}`)
	}
	b.WriteString(`,"tail":[`)
	for i := 0; b.Len() < size-2; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		g.value(&b, 3)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

type docGen struct {
	r *rand.Rand
	n int
}

func (g *docGen) value(b *strings.Builder, depth int) {
	k := g.r.IntN(7)
	if depth == 0 && k >= 5 {
		k = g.r.IntN(5)
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
	case 6:
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
