package matrix

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
)

// duplicates: repeated member names (RFC 8785 section 3.1 requires I-JSON,
// which forbids them), spelled alike and differently.
func duplicates(c *corpus) {
	for _, s := range []string{`{"a":1,"a":2}`, `{"a":2,"a":1}`, `{"a":1,"a":1}`, `{"a":1,"b":0,"a":2}`,
		`{"a":1,"\u0061":2}`, `{"\u0061":1,"a":2}`, `{"é":1,"\u00e9":2}`, `{"😀":1,"\ud83d\ude00":2}`,
		`{"x":{"a":1,"a":2}}`, `[{"a":1,"a":{"b":1}}]`, `{"a":{"b":1},"a":{"c":2}}`, `{"":0,"":1}`,
		`{"a":1,"a":2,"a":3}`, `{"__proto__":1,"__proto__":2}`, `{"a":[1],"a":null}`, `{"1":0,"1":1}`} {
		c.addString(CatDuplicates, "dup", s)
	}
	// Not duplicates: names equal only after normalization or case folding.
	c.addString(CatDuplicates, "distinct", `{"é":1,"é":2}`)
	c.addString(CatDuplicates, "distinct", `{"K":1,"K":2}`)
	c.addString(CatDuplicates, "distinct", `{"a":1,"A":2}`)
}

// deepNesting: arrays and objects around the depth caps of the
// implementations (targets/admit refuses past 128).
func deepNesting(c *corpus) {
	// Not between 1001 and 100000 levels: there the JavaScript stacks end,
	// at a depth that moves with the JIT state of the process, and a study
	// must give the same answers on every run.
	for _, d := range []int{1, 2, 16, 32, 64, 100, 127, 128, 129, 200, 256, 500, 1000, 1001, 100000} {
		c.addString(CatDeepNesting, "array", strings.Repeat("[", d)+"0"+strings.Repeat("]", d))
		c.addString(CatDeepNesting, "object", strings.Repeat(`{"a":`, d)+"0"+strings.Repeat("}", d))
	}
	c.addString(CatDeepNesting, "mixed", strings.Repeat(`[{"k":`, 64)+`"x"`+strings.Repeat("}]", 64))
	c.addString(CatDeepNesting, "unbalanced", strings.Repeat("[", 129)+strings.Repeat("]", 128))
}

// structural: whitespace, empty containers, and texts that are not JSON
// (RFC 8259): trailing commas and content, comments, a byte order mark,
// the literals of other languages, number forms JSON does not have.
func structural(c *corpus) {
	for _, s := range []string{`{}`, `[]`, `[[]]`, `[{}]`, `{"":""}`, `{"a":[]}`, " \t\r\n[ 1 , 2 ]\n", "[1\r,2]",
		"{ \"a\" : 1 }", `[true,false,null]`, `{"a":1,"b":[1,2,{"c":3}]}`, `["a","b"]`, `[0,-1,1.5]`,
		// not JSON
		``, ` `, `[1,]`, `{"a":1,}`, `[1 2]`, `{"a" 1}`, `{"a":1 "b":2}`, `[1]]`, `[[1]`, `{}{}`, `[1] x`, `[1],`,
		"\xef\xbb\xbf[1]", `// c` + "\n[1]", `[1/*c*/]`, `{'a':1}`, `["a]`, `[NaN]`, `[Infinity]`, `[-Infinity]`,
		`[01]`, `[-01]`, `[+1]`, `[.5]`, `[1.]`, `[1.e5]`, `[0x10]`, `[1e]`, `[1e+]`, `[-]`, `[--1]`, `[tru]`,
		`[True]`, `[nul]`, `[undefined]`, `{a:1}`, `{"a":1;"b":2}`, "[\"a\tb\"]", "[\"a\nb\"]", "[\"\x00\"]",
		`["\x"]`, `["\u12"]`, `["\u00G0"]`, `["\U0041"]`, "[1]\x00", "\x00", `"`, `{"a"}`, `{:1}`, `[,1]`,
		"[\u00a01]", "[1\u3000]", "\x0c[1]",
	} {
		c.addString(CatStructural, "text", s)
	}
}

// generated: values from the structure-aware generator of fuzz/gen (names
// across the UTF-16/code-point split, noncharacters, controls, doubles at
// the formatting limits, integers near 2^53, nesting), each written in one
// of its many texts; and a writing of each with one flaw planted, filed
// under the category of its flaw.
func generated(c *corpus) {
	for range 320 {
		data := make([]byte, 8+c.r.IntN(120))
		for i := range data {
			data[i] = byte(c.r.Uint32())
		}
		v := gen.Generate(data)
		c.add(CatGenerated, "value", gen.Write(v, c.r.Uint64()))
		if c.r.IntN(4) == 0 {
			b, flaw := gen.Hostile(v, c.r.Uint64())
			switch flaw {
			case gen.Duplicate:
				c.add(CatDuplicates, "generated", b)
			case gen.LoneSurrogate:
				c.add(CatSurrogates, "generated", b)
			case gen.InvalidUTF8:
				c.add(CatInvalidUTF8, "generated", b)
			default:
				c.add(CatStructural, "generated-"+strings.ToLower(flaw.String()), b)
			}
		}
	}
}
