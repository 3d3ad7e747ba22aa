package jcs

import (
	"bytes"
	"testing"

	cyberphone "github.com/cyberphone/json-canonicalization/go/src/webpki.org/jsoncanonicalizer"
	"github.com/go-json-experiment/json/jsontext"
	gowebpki "github.com/gowebpki/jcs"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// benchImpls are the canonicalizers compared, each from input bytes to
// canonical bytes. Ours includes admission; jsontext's Canonicalize works
// in place, so it is given a fresh copy each time (a memmove, small beside
// the work measured).
var benchImpls = []struct {
	name string
	run  func(input, buf []byte) ([]byte, error)
}{
	{"canonfuzz", func(in, _ []byte) ([]byte, error) { return Canonicalize(in, admit.Options{}) }},
	// canonfuzz-append writes into the same reused buffer jsontext is
	// given: the two then differ in their work, not in who allocates the
	// 1 MiB of output.
	{"canonfuzz-append", func(in, buf []byte) ([]byte, error) { return Append(buf[:0], in, admit.Options{}) }},
	{"jsontext", func(in, buf []byte) ([]byte, error) {
		v := jsontext.Value(append(buf[:0], in...))
		err := v.Canonicalize()
		return v, err
	}},
	{"gowebpki", func(in, _ []byte) ([]byte, error) { return gowebpki.Transform(in) }},
	{"cyberphone", func(in, _ []byte) ([]byte, error) { return cyberphone.Transform(in) }},
}

// BenchmarkCanonicalize runs every implementation on every payload, named
// payload=P/impl=I so that `go tool benchstat -col /impl` sets them side by
// side. Throughput is input bytes per second.
func BenchmarkCanonicalize(b *testing.B) {
	for _, d := range benchDocs {
		doc := d.gen(d.size)
		b.Run("payload="+d.name, func(b *testing.B) {
			for _, impl := range benchImpls {
				b.Run("impl="+impl.name, func(b *testing.B) {
					buf := make([]byte, 0, len(doc))
					b.SetBytes(int64(len(doc)))
					b.ReportAllocs()
					for b.Loop() {
						if _, err := impl.run(doc, buf); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}

// BenchmarkAppendNumber is the number serializer alone, on the doubles of
// the numbers payload's notations.
func BenchmarkAppendNumber(b *testing.B) {
	values := []float64{0, 1, 12345, 0.1, 3.14159, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, 9007199254740993, 123.456e-20}
	buf := make([]byte, 0, 32)
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range values {
			buf = AppendNumber(buf[:0], f)
		}
	}
}

// TestBenchmarkPayloadsAgree checks the benchmark's premise on 64 KiB
// versions of its payloads (the generators are the same): every document
// is admitted, not canonical already, and every implementation writes the
// same bytes for it, so the comparison measures equal work.
func TestBenchmarkPayloadsAgree(t *testing.T) {
	for _, d := range benchDocs {
		doc := d.gen(64 << 10)
		if len(doc) < 64<<10 {
			t.Errorf("payload %s is %d bytes, want at least 64 KiB", d.name, len(doc))
		}
		want, err := Canonicalize(doc, admit.Options{})
		if err != nil {
			t.Fatalf("payload %s: %v", d.name, err)
		}
		if bytes.Equal(want, doc) {
			t.Errorf("payload %s is canonical already", d.name)
		}
		for _, impl := range benchImpls[1:] {
			got, err := impl.run(doc, nil)
			if err != nil {
				t.Errorf("payload %s: %s: %v", d.name, impl.name, err)
				continue
			}
			if !bytes.Equal(got, want) {
				i := 0
				for i < len(got) && i < len(want) && got[i] == want[i] {
					i++
				}
				t.Errorf("payload %s: %s differs from canonfuzz at byte %d: %.60q vs %.60q",
					d.name, impl.name, i, got[i:], want[i:])
			}
		}
	}
}
