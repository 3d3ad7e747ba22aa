// Package testdocs generates the deterministic JSON documents that the
// targets' benchmarks run on, so that every target and every peer library is
// measured on the same bytes, and the large documents the minimizer's tests
// reduce (HugeDuplicate, Chain).
//
// It sits in internal/ rather than fuzz/gen because targets' benchmarks use
// it, and a target never imports the harness that tests it.
package testdocs

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Shapes lists the document shapes Generate knows, in benchmark order.
var Shapes = []string{"api", "deep", "escapes", "bigobject", "numbers"}

// Generate returns a valid, admissible JSON document (RFC 8259, no duplicate
// names, scalar-value strings, finite numbers, depth at most 128) of the
// given shape and of at least size bytes. The same arguments give the same
// bytes.
//
//   - api: an array of records such as a REST API returns: short ASCII
//     names, ids, timestamps, booleans, nested address objects, tag arrays.
//   - deep: arrays and objects nested to depth 100, over and over.
//   - escapes: strings dense in escapes, \u escapes, surrogate pairs and
//     non-ASCII UTF-8.
//   - bigobject: one object with as many members as fit.
//   - numbers: a flat array of numbers in every notation.
func Generate(shape string, size int) ([]byte, error) {
	r := rand.New(rand.NewPCG(uint64(size), 8785))
	var b strings.Builder
	b.Grow(size + 4096)
	switch shape {
	case "api":
		api(&b, r, size)
	case "deep":
		deep(&b, r, size)
	case "escapes":
		escapes(&b, r, size)
	case "bigobject":
		bigObject(&b, r, size)
	case "numbers":
		numbers(&b, r, size)
	default:
		return nil, fmt.Errorf("testdocs: unknown shape %q", shape)
	}
	return []byte(b.String()), nil
}

// MustGenerate is Generate for benchmarks, whose shapes are constants.
func MustGenerate(shape string, size int) []byte {
	doc, err := Generate(shape, size)
	if err != nil {
		panic(err)
	}
	return doc
}

var words = []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliett", "kilo", "lima"}

func api(b *strings.Builder, r *rand.Rand, size int) {
	fill(b, `{"data":[`, `],"total":0,"next":null}`, size, func(i int) {
		fmt.Fprintf(b, `{"id":%d,"uuid":"%08x-%04x-4%03x-8%03x-%012x","name":"%s %s","email":"%s.%d@example.com",`,
			i, r.Uint32(), r.IntN(1<<16), r.IntN(1<<12), r.IntN(1<<12), r.Uint64()&(1<<48-1),
			words[r.IntN(len(words))], words[r.IntN(len(words))], words[r.IntN(len(words))], i)
		fmt.Fprintf(b, `"active":%t,"score":%s,"created":"2026-%02d-%02dT%02d:%02d:%02dZ",`,
			r.IntN(2) == 0, strconv.FormatFloat(r.Float64()*1000, 'f', 2, 64), 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60), r.IntN(60))
		fmt.Fprintf(b, `"address":{"street":"%d %s Street","city":"%s","zip":"%05d","geo":{"lat":%.6f,"lng":%.6f}},`,
			r.IntN(999), words[r.IntN(len(words))], words[r.IntN(len(words))], r.IntN(100000), r.Float64()*180-90, r.Float64()*360-180)
		b.WriteString(`"tags":[`)
		for t := 0; t < 1+r.IntN(4); t++ {
			if t > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(b, `"%s"`, words[r.IntN(len(words))])
		}
		b.WriteString(`],"manager":null}`)
	})
}

func deep(b *strings.Builder, r *rand.Rand, size int) {
	fill(b, "[", "]", size, func(int) {
		const depth = 100
		for d := 0; d < depth; d++ {
			if d%2 == 0 {
				b.WriteString(`{"k":`)
			} else {
				b.WriteString(`[`)
			}
		}
		fmt.Fprintf(b, "%d", r.IntN(1000))
		for d := depth - 1; d >= 0; d-- {
			if d%2 == 0 {
				b.WriteString(`}`)
			} else {
				b.WriteString(`]`)
			}
		}
	})
}

var escapePieces = []string{`\n`, `\t`, `\"`, `\\`, `\/`, `\u0000`, `\u001f`, `\u00e9`, `\u20ac`, `\ud83d\ude00`, `é`, `€`, `😀`, `中文`, `plain text `, `\b\f\r`}

func escapes(b *strings.Builder, r *rand.Rand, size int) {
	fill(b, "[", "]", size, func(int) {
		b.WriteByte('"')
		for p := 0; p < 8+r.IntN(24); p++ {
			b.WriteString(escapePieces[r.IntN(len(escapePieces))])
		}
		b.WriteByte('"')
	})
}

func bigObject(b *strings.Builder, r *rand.Rand, size int) {
	fill(b, "{", "}", size, func(i int) {
		fmt.Fprintf(b, `"%s_%d":%d`, words[r.IntN(len(words))], i, r.IntN(1_000_000))
	})
}

func numbers(b *strings.Builder, r *rand.Rand, size int) {
	fill(b, "[", "]", size, func(i int) {
		switch i % 4 {
		case 0:
			b.WriteString(strconv.Itoa(r.IntN(1 << 30)))
		case 1:
			b.WriteString(strconv.FormatFloat(r.NormFloat64()*1e6, 'g', -1, 64))
		case 2:
			b.WriteString(strconv.FormatFloat(r.Float64()*1e-10, 'e', -1, 64))
		default:
			b.WriteString(strconv.FormatFloat(r.ExpFloat64(), 'f', 4, 64))
		}
	})
}

// fill writes open, elements (element i written by each) separated by
// commas until b holds at least size bytes, and close.
func fill(b *strings.Builder, open, close string, size int, each func(i int)) {
	b.WriteString(open)
	for i := 0; b.Len() < size; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		each(i)
	}
	b.WriteString(close)
}

// FlatArray returns a flat array of small integers of at least size bytes,
// the shape that makes value-building canonicalizers allocate the most.
func FlatArray(size int) []byte {
	b := make([]byte, 0, size+16)
	b = append(b, '[')
	for i := 0; len(b) < size; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(i%100000), 10)
	}
	return append(b, ']')
}
