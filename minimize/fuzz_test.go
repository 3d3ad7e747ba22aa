package minimize

import (
	"bytes"
	"context"
	"testing"
	"time"
)

// minimizeSeeds each probe one corner of the tokenizer and the stages.
var minimizeSeeds = []string{
	`{"a":1,"a":2}`,            // a duplicate
	`{"a":[1,{"b":"\u00e9"}]}`, // nesting and an escape
	`]]}{"\`,                   // stray closers, an unterminated string
	`["\ud83d\ude00", 1e999]`,  // a surrogate pair, a number with no double
	`{"v":1,"chain":[{"component":"g","bound":[{"tool":"t","args":{"p":{"prefix":"/a"}}}]}]}`,
	"\xff\xfe{\x00:,,]",
}

// FuzzStructureSpans: on any bytes the tokenizer and the structure give
// spans inside the input, containers in order of their brackets, and items
// in order inside each container, with values inside their items.
func FuzzStructureSpans(f *testing.F) {
	for _, s := range minimizeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		toks := tokenize(b)
		end := 0
		for _, tk := range toks {
			if tk.start < end || tk.end <= tk.start || tk.end > len(b) {
				t.Fatalf("token %+v after offset %d in %q", tk, end, b)
			}
			end = tk.end
		}
		prev := -1
		for _, c := range structure(b, toks) {
			if c.open <= prev || c.end > len(b) || c.end <= c.open {
				t.Fatalf("container %+v in %q", c, b)
			}
			prev = c.open
			last := c.open + 1
			for _, it := range c.items {
				if it.all.start < last || it.all.end > c.end ||
					it.value.start < it.all.start || it.value.end != it.all.end || it.value.start > it.value.end {
					t.Fatalf("item %+v of %+v in %q", it, c, b)
				}
				last = it.all.end
			}
		}
	})
}

// FuzzMinimizeKeepsTheSignature: on any bytes, minimizing under the admit,
// jcs and bound outcome signers ends on an input no larger with the same
// signature, without a panic in any stage. Each run is bounded to 500 ms so
// that one input stays well inside the fuzzing engine's 10 s hang limit.
func FuzzMinimizeKeepsTheSignature(f *testing.F) {
	for _, s := range minimizeSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 128 {
			return
		}
		for _, target := range []string{"admit", "jcs", "bound"} {
			s, _, err := SignerFor(target, true)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Minimize(context.Background(), in, s, Options{Time: 500 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			if got := Sign(s, res.Input); got != res.Signature || got != Sign(s, in) || smaller(in, res.Input) {
				t.Fatalf("%s: %q (%s) became %q (%s)", target, in, Sign(s, in), res.Input, got)
			}
			if res.Stats.Complete && !bytes.Equal(res.Input, mustMinimize(t, res.Input, s)) {
				t.Fatalf("%s: the result %q of %q is not a fixed point", target, res.Input, in)
			}
		}
	})
}

// mustMinimize minimizes in again and returns the result.
func mustMinimize(t *testing.T, in []byte, s Signer) []byte {
	t.Helper()
	res, err := Minimize(context.Background(), in, s, Options{Time: 500 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return res.Input
}
