package admit_test

import (
	"encoding/json"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/testdocs"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/go-json-experiment/json/jsontext"
)

// BenchmarkScan measures admission on 1 MiB documents of each shape (and on
// a 12 MB flat array), side by side with the validators a caller would
// otherwise use on the same bytes: encoding/json.Valid (syntax only),
// jsontext.Value.IsValid (syntax, duplicate names, invalid UTF-8) and the
// fast third-party validators of scanPeers (peers_bench_test.go). Compare with
//
//	go test -run '^$' -bench BenchmarkScan -count 10 ./targets/admit | tee scan.txt
//	go tool benchstat -col /impl scan.txt
func BenchmarkScan(b *testing.B) {
	impls := []struct {
		name  string
		valid func([]byte) bool
	}{
		{"canonfuzz", func(d []byte) bool { return admit.Scan(d, admit.Options{}) == nil }},
		{"jsontext", func(d []byte) bool { return jsontext.Value(d).IsValid() }},
		{"encoding-json", json.Valid},
	}
	impls = append(impls, scanPeers...)
	for _, d := range scanDocs {
		shape, doc := d.name, testdocs.MustGenerate(d.shape, d.size)
		for _, impl := range impls {
			if !impl.valid(doc) {
				b.Fatalf("%s refuses the %s document", impl.name, shape)
			}
			b.Run("doc="+shape+"/impl="+impl.name, func(b *testing.B) {
				b.SetBytes(int64(len(doc)))
				b.ReportAllocs()
				for b.Loop() {
					impl.valid(doc)
				}
			})
		}
	}
}

// BenchmarkScanDeepRefusal measures how fast ten million '[' are refused:
// the 129th bracket stops the scan, whatever follows.
func BenchmarkScanDeepRefusal(b *testing.B) {
	doc := make([]byte, 10_000_000)
	for i := range doc {
		doc[i] = '['
	}
	b.ReportAllocs()
	for b.Loop() {
		if admit.Scan(doc, admit.Options{}) == nil {
			b.Fatal("admitted")
		}
	}
}
