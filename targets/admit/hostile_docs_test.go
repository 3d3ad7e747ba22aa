package admit_test

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/canonfuzz/canonfuzz/internal/testdocs"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// shortName returns the i-th shortest member name made of printable ASCII
// other than the quote and the backslash: the densest distinct names an
// object can hold, 93 of one byte, then 93*93 of two, and so on.
func shortName(i int) string {
	var b []byte
	for {
		b = append(b, nameAlphabet[i%len(nameAlphabet)])
		if i /= len(nameAlphabet); i == 0 {
			return string(b)
		}
		i--
	}
}

var nameAlphabet = func() (a []byte) {
	for c := byte(0x20); c < 0x7f; c++ {
		if c != '"' && c != '\\' {
			a = append(a, c)
		}
	}
	return a
}()

// objectOf writes an object of n members named name(0) to name(n-1), each
// of value 0.
func objectOf(b *strings.Builder, n int, name func(int) string) {
	b.WriteByte('{')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + name(i) + `":0`)
	}
	b.WriteByte('}')
}

func object(n int, name func(int) string) string {
	var b strings.Builder
	objectOf(&b, n, name)
	return b.String()
}

// nestedObjects opens depth objects, each with w members of the shortest
// names before the member that holds the next one: every depth's object
// is open, and indexed, at once.
func nestedObjects(depth, w int) string {
	var b strings.Builder
	for range depth {
		b.WriteByte('{')
		for i := range w {
			b.WriteString(`"` + shortName(i+1) + `":0,`)
		}
		b.WriteString(`"":`)
	}
	b.WriteByte('0')
	b.WriteString(strings.Repeat("}", depth))
	return b.String()
}

// alternating is an array of objects of big then small members, over and
// over, until it holds size bytes: each large index is dropped when the
// small object after it closes, and built again.
func alternating(size, big, small int) string {
	var b strings.Builder
	b.WriteByte('[')
	for b.Len() < size {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		objectOf(&b, big, shortName)
		b.WriteByte(',')
		objectOf(&b, small, shortName)
	}
	b.WriteByte(']')
	return b.String()
}

func numbered(prefix string) func(int) string {
	return func(i int) string { return prefix + strconv.Itoa(i) }
}

// hostileDocs are the admitted inputs of issue 9's denial of service and
// the rest of their class, each of a few megabytes (what is measured is
// the multiple, and each shape's cost is linear in its size): objects of
// very many members, of escaped names, of the shortest names with as many
// members as make an index grow just past a power of two, wide objects
// open at every depth, and the shapes that hold no names at all.
// hostileDoc is a named input, made when it is asked for, so that a test
// holds one at a time.
type hostileDoc struct {
	name  string
	make  func() string
	sweep bool // one of many of a shape, differing in size: admitted only
}

func hostileDocs() []hostileDoc {
	const size = 1 << 20
	docs := []hostileDoc{
		{name: "140,000 members", make: func() string { return object(140_000, numbered("k")) }},
		{name: "140,000 escaped names", make: func() string { return object(140_000, func(i int) string { return `\n` + shortName(i) }) }},
		{name: "140,000 \\u escaped names", make: func() string { return object(140_000, func(i int) string { return `\u006b` + strconv.Itoa(i) }) }},
		{name: "objects of 10,000 then 17 members", make: func() string { return alternating(size, 10_000, 17) }},
		{name: "objects of 17 members", make: func() string { return alternating(size, 17, 17) }},
		{name: "a million zeros", make: func() string { return "[" + strings.TrimSuffix(strings.Repeat("0,", 1_000_000), ",") + "]" }},
		{name: "nesting 128 deep, over and over", make: func() string {
			return "[" + strings.TrimSuffix(strings.Repeat(strings.Repeat("[", 127)+"0"+strings.Repeat("]", 127)+",", size/256), ",") + "]"
		}},
		{name: "a 1 MB string", make: func() string { return `"` + strings.Repeat("a", size) + `"` }},
		{name: "a 1 MB escaped string", make: func() string { return `"` + strings.Repeat(`\n`, size/2) + `"` }},
		{name: "a 1 MB name", make: func() string { return `{"` + strings.Repeat("a", size) + `":0}` }},
		{name: "a 1 MB escaped name", make: func() string { return `{"` + strings.Repeat(`\u00e9`, size/6) + `":0}` }},
		{name: "17 names of 128 KB", make: func() string {
			return object(17, func(i int) string { return strings.Repeat("a", 128<<10) + shortName(i) })
		}},
	}
	// Objects of the shortest names, from 17 members (the first to be
	// indexed) to 150,000 in steps of a twentieth, so that some object is
	// within a twentieth past each point where an index grows: alone, and
	// open at as many depths as fit in a quarter of size bytes.
	for n := 17; n <= 150_000; n += max(1, n/20) {
		if n >= 10_000 {
			docs = append(docs, hostileDoc{name: fmt.Sprintf("%d shortest names", n), make: func() string { return object(n, shortName) }, sweep: true})
		} else {
			depth := min(admit.MaxDepthLimit, size/4/(7*n))
			docs = append(docs, hostileDoc{name: fmt.Sprintf("%d shortest names at %d depths", n, depth), make: func() string { return nestedObjects(depth, n) }, sweep: true})
		}
	}
	for _, shape := range testdocs.Shapes {
		docs = append(docs, hostileDoc{name: "testdocs " + shape, make: func() string { return string(testdocs.MustGenerate(shape, size)) }})
	}
	return docs
}
