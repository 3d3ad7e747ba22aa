package jcs

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
)

// The benchmark documents: generated from fixed seeds, so every run and
// every implementation sees the same bytes, and none canonical already,
// so every implementation does all its work.

const benchMiB = 1 << 20

// benchDocs lists the payloads of BenchmarkCanonicalize by name.
var benchDocs = []struct {
	name string
	gen  func(size int) []byte // a document of at least size bytes
	size int
}{
	{"api", genAPI, benchMiB},
	{"escapes", genEscapes, benchMiB},
	{"numbers", genNumbers, benchMiB},
	{"object", genObject, benchMiB},
	{"array12MB", genFlatNumbers, 12_000_000},
}

// genList appends to b, which holds the document's opening, the elements
// elem writes (n counts them from 0) with sep between them until b holds
// size bytes, and then close.
func genList(b []byte, size int, sep string, elem func(b []byte, n int) []byte, close string) []byte {
	for n := 0; len(b) < size; n++ {
		if n > 0 {
			b = append(b, sep...)
		}
		b = elem(b, n)
	}
	return append(b, close...)
}

// genAPI is a typical API response: an array of records whose members
// come in struct order, not sorted, a few nested objects and arrays,
// mostly ASCII strings with some accented and CJK text.
func genAPI(size int) []byte {
	r := rand.New(rand.NewPCG(1, 1))
	words := []string{"alpha", "Zürich", "order", "東京", "payment", "crème brûlée", "status", "ok", "pending", "user"}
	return genList([]byte(`{"data":[`), size, ",", func(b []byte, n int) []byte {
		b = fmt.Appendf(b, `{"id":%d,"uuid":"%08x-%04x-%04x","name":"%s %s","email":"user%d@example.com",`,
			r.IntN(1e9), r.Uint32(), r.IntN(1<<16), r.IntN(1<<16), words[r.IntN(len(words))], words[r.IntN(len(words))], n)
		b = fmt.Appendf(b, `"active":%t,"score":%.2f,"created":"2026-%02d-%02dT%02d:%02d:00Z","tags":["%s","%s"],`,
			r.IntN(2) == 0, r.Float64()*100, 1+r.IntN(12), 1+r.IntN(28), r.IntN(24), r.IntN(60),
			words[r.IntN(len(words))], words[r.IntN(len(words))])
		b = fmt.Appendf(b, `"address":{"street":"%d %s Street","city":"%s","zip":"%05d"},"balance":%.2f,"ratio":%g,"parent":null}`,
			r.IntN(999), words[r.IntN(len(words))], words[r.IntN(len(words))], r.IntN(1e5), r.NormFloat64()*1e4, r.Float64()/1e3)
		return b
	}, `],"count":0,"next":null}`)
}

// genEscapes is an array of strings dense with escapes: short escapes,
// \u escapes of controls, of Latin and CJK letters and of surrogate pairs,
// and escaped solidus, between short literal runs.
func genEscapes(size int) []byte {
	r := rand.New(rand.NewPCG(2, 2))
	parts := []string{`\n`, `\"`, `\\`, `\t`, `\/`, `\u00e9`, `\u65E5`, `\ud83d\ude00`, `\u0001`, `\u001F`,
		`plain`, `é`, `😀`, ` `, `\r\n`, `\b\f`}
	return genList([]byte{'['}, size, ",", func(b []byte, n int) []byte {
		b = append(b, '"')
		for range 4 + r.IntN(24) {
			b = append(b, parts[r.IntN(len(parts))]...)
		}
		return append(b, '"')
	}, "]")
}

// genNumbers is an array of numbers in every notation: small integers,
// money amounts, full-precision doubles, exponent forms large and small,
// negative zero and integers past 2^53.
func genNumbers(size int) []byte {
	r := rand.New(rand.NewPCG(3, 3))
	return genList([]byte{'['}, size, ",", func(b []byte, n int) []byte {
		switch n % 8 {
		case 0:
			b = strconv.AppendInt(b, int64(r.IntN(1e6)), 10)
		case 1:
			b = fmt.Appendf(b, "%.2f", r.Float64()*1e4)
		case 2:
			b = strconv.AppendFloat(b, r.Float64(), 'g', -1, 64)
		case 3:
			b = strconv.AppendFloat(b, math.Float64frombits(r.Uint64()&^(1<<62)), 'e', -1, 64) // finite
		case 4:
			b = fmt.Appendf(b, "%de%d", 1+r.IntN(99), r.IntN(60)-30)
		case 5:
			b = append(b, "-0.0"...)
		case 6:
			b = strconv.AppendUint(b, 1<<53+r.Uint64N(1<<60), 10)
		case 7:
			b = strconv.AppendFloat(b, r.NormFloat64()*1e-9, 'f', -1, 64)
		}
		return b
	}, "]")
}

// genObject is one object with many members in random order, so the whole
// document is one sort and one permutation; a tenth of the names carry an
// escape.
func genObject(size int) []byte {
	r := rand.New(rand.NewPCG(4, 4))
	return genList([]byte{'{'}, size, ",", func(b []byte, n int) []byte {
		if n%10 == 0 {
			b = fmt.Appendf(b, `"k\u00e9y%x_%d":`, r.Uint64(), n)
		} else {
			b = fmt.Appendf(b, `"key%x_%d":`, r.Uint64(), n)
		}
		if n%2 == 0 {
			b = strconv.AppendInt(b, int64(r.IntN(1e6)), 10)
		} else {
			b = fmt.Appendf(b, `"value %d"`, r.IntN(1e6))
		}
		return b
	}, "}")
}

// genFlatNumbers is one flat array of doubles at full precision and small
// integers, the shape the issue measured gowebpki/jcs at 6 s and 1.1 GB.
// A space after each comma and every fifth double in exponent notation
// keep it from being canonical already.
func genFlatNumbers(size int) []byte {
	r := rand.New(rand.NewPCG(5, 5))
	return genList(append(make([]byte, 0, size+32), '['), size, ", ", func(b []byte, n int) []byte {
		switch {
		case n%2 == 0:
			b = strconv.AppendInt(b, int64(r.IntN(1e9)), 10)
		case n%5 == 0:
			b = strconv.AppendFloat(b, r.NormFloat64()*1e3, 'e', -1, 64)
		default:
			b = strconv.AppendFloat(b, r.NormFloat64()*1e3, 'g', -1, 64)
		}
		return b
	}, "]")
}
