package jcs

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// canonicalizeSeeds each probe one part of the writer.
var canonicalizeSeeds = []string{
	`{"b":1,"a":2}`,                           // one reorder
	`{"😀":1,"\uE000":2,"\uFFFF":3,"a":4}`,     // UTF-16 order above U+D7FF
	`{"\"":1,"\\":2,"\u0000":3,"!":4}`,        // names whose escaped bytes sort differently
	`{"z":{"y":{"x":[{"w":1,"v":2}]}},"a":0}`, // reorders at every level
	`[1.0,-0,1e21,1e-7,0.1,5e-324,1.7976931348623157e308,9007199254740993]`,
	`["\u00e9\/\b\f\n\r\t\u0001\u001f\ud83d\ude00\u2028"]`, // every kind of escape
	" [ true , false , null , { } , [ ] ] \n",              // whitespace and literals
	`{"a":1,"a":2}`,      // refused: duplicate
	`{"a":[1,]}`,         // refused: syntax
	`[9007199254740993]`, // refused under I-JSON only
}

// FuzzCanonicalizeFixedPoint checks RFC 8785's promises on any input:
// a refusal is admit.Scan's own error; an admitted input is written
// without error, and its canonical form is admitted, is its own canonical
// form, and decodes to the same value, under both profiles (I-JSON is
// closed under canonicalization: TestIJSONIsClosedUnderCanonicalization).
func FuzzCanonicalizeFixedPoint(f *testing.F) {
	for _, s := range canonicalizeSeeds {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	inputs, _ := filepath.Glob(filepath.Join(cyberphoneDir(f), "testdata", "input", "*.json"))
	if len(inputs) == 0 {
		f.Fatal("no cyberphone testdata inputs to seed from")
	}
	for _, name := range inputs {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, false)
	}
	f.Fuzz(func(t *testing.T, input []byte, ijson bool) {
		opts := admit.Options{}
		if ijson {
			opts.Profile = admit.IJSON
		}
		out, err := Canonicalize(input, opts)
		if scanErr := admit.Scan(input, opts); scanErr != nil {
			if !reflect.DeepEqual(err, scanErr) || out != nil {
				t.Fatalf("Canonicalize(%q) = %q, %v; admit.Scan refused with %v", input, out, err, scanErr)
			}
			return
		}
		if err != nil {
			t.Fatalf("Canonicalize(%q): admitted but %v", input, err)
		}
		if err := admit.Scan(out, admit.Options{}); err != nil {
			t.Fatalf("Canonicalize(%q) = %q, which is refused: %v", input, out, err)
		}
		if err := admit.Scan(out, opts); err != nil {
			t.Fatalf("Canonicalize(%q) = %q, which is refused: %v", input, out, err)
		}
		again, err := Canonicalize(out, admit.Options{})
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("not a fixed point: %q -> %q -> %q, %v", input, out, again, err)
		}
		if !ijson && !IsCanonical(out) {
			t.Fatalf("IsCanonical(%q) = false", out)
		}
		var before, after any
		if err := json.Unmarshal(input, &before); err != nil {
			t.Fatalf("encoding/json rejects admitted %q: %v", input, err)
		}
		if err := json.Unmarshal(out, &after); err != nil {
			t.Fatalf("encoding/json rejects canonical %q: %v", out, err)
		}
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("value changed: %q decodes to %v, its canonical form %q to %v", input, before, out, after)
		}
	})
}

// FuzzWriterNeverPanics hands the writer bytes admission never saw: it must
// return output or a *WriteError, never panic, and leave dst as it was on
// error.
func FuzzWriterNeverPanics(f *testing.F) {
	for _, s := range canonicalizeSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"a":`))
	f.Add([]byte(`["\ud800"]`))
	f.Add([]byte(`[1e999]`))
	f.Fuzz(func(t *testing.T, input []byte) {
		out, err := appendAdmitted([]byte("dst"), input)
		var we *WriteError
		if err != nil && (!errors.As(err, &we) || string(out) != "dst") {
			t.Fatalf("appendAdmitted(%q) = %q, %v", input, out, err)
		}
	})
}

// FuzzCanonicalizeMatchesJSONText holds the writer to an independent RFC
// 8785 implementation, go-json-experiment's jsontext.Value.Canonicalize,
// on every input both accept. Inputs jsontext refuses after admission are
// left out: its limits are not ours to test here.
func FuzzCanonicalizeMatchesJSONText(f *testing.F) {
	for _, s := range canonicalizeSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte(`[{"b":1,"a":2},{"b":3,"a":4},{"c":5,"a":6}]`)) // remembered orders
	f.Fuzz(func(t *testing.T, input []byte) {
		got, err := Canonicalize(input, admit.Options{})
		if err != nil {
			return
		}
		v := jsontext.Value(bytes.Clone(input))
		if v.Canonicalize() != nil {
			return
		}
		if !bytes.Equal(got, v) {
			t.Fatalf("Canonicalize(%q) = %q, jsontext %q", input, got, []byte(v))
		}
	})
}
