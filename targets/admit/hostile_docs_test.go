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
	const first, last = 0x20, 0x7e
	var alphabet []byte
	for c := byte(first); c <= last; c++ {
		if c != '"' && c != '\\' {
			alphabet = append(alphabet, c)
		}
	}
	var b []byte
	for {
		b = append(b, alphabet[i%len(alphabet)])
		if i /= len(alphabet); i == 0 {
			return string(b)
		}
		i--
	}
}

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
func hostileDocs() map[string]string {
	const size = 1 << 20
	// An index grows when it would pass three quarters full, from 32
	// slots: 3*2^k+1 members is one past a growth point.
	docs := map[string]string{
		"140,000 members":                   object(140_000, numbered("k")),
		"140,000 escaped names":             object(140_000, func(i int) string { return `\n` + shortName(i) }),
		"140,000 \\u escaped names":         object(140_000, func(i int) string { return `\u006b` + strconv.Itoa(i) }),
		"3*2^17+1 shortest names":           object(3<<17+1, shortName),
		"objects of 10,000 then 17 members": alternating(size, 10_000, 17),
		"objects of 17 members":             alternating(size, 17, 17),
		"a million zeros":                   "[" + strings.TrimSuffix(strings.Repeat("0,", 1_000_000), ",") + "]",
		"nesting 128 deep, over and over":   "[" + strings.TrimSuffix(strings.Repeat(strings.Repeat("[", 127)+"0"+strings.Repeat("]", 127)+",", size/256), ",") + "]",
		"a 2 MB string":                     `"` + strings.Repeat("a", size) + `"`,
		"a 2 MB escaped string":             `"` + strings.Repeat(`\n`, size/2) + `"`,
		"a 2 MB name":                       `{"` + strings.Repeat("a", size) + `":0}`,
		"a 2 MB escaped name":               `{"` + strings.Repeat(`\u00e9`, size/6) + `":0}`,
		"17 names of 128 KB":                object(17, func(i int) string { return strings.Repeat("a", 128<<10) + shortName(i) }),
	}
	// Objects of the shortest names, from 17 members (the first to be
	// indexed) to 300,000 in steps of a twentieth, so that some object is
	// within a twentieth past each point where an index grows: alone, and
	// open at as many depths as fit in size bytes.
	for n := 17; n <= 300_000; n += max(1, n/20) {
		if n >= 10_000 {
			docs[fmt.Sprintf("%d shortest names", n)] = object(n, shortName)
		} else {
			depth := min(admit.MaxDepthLimit, size/(7*n))
			docs[fmt.Sprintf("%d shortest names at %d depths", n, depth)] = nestedObjects(depth, n)
		}
	}
	for _, shape := range testdocs.Shapes {
		docs["testdocs "+shape] = string(testdocs.MustGenerate(shape, size))
	}
	return docs
}
