package jcs

import (
	"bytes"
	"sync"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// TestCanonicalizeConcurrently runs the writer from many goroutines at
// once, so the pooled writers, buffers and the remembered member orders
// are shared the way a server shares them; run with -race.
func TestCanonicalizeConcurrently(t *testing.T) {
	docs := [][]byte{genAPI(16 << 10), genObject(16 << 10), genNumbers(16 << 10), genEscapes(16 << 10)}
	want := make([][]byte, len(docs))
	for i, d := range docs {
		out, err := Canonicalize(d, admit.Options{})
		if err != nil {
			t.Fatal(err)
		}
		want[i] = out
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Go(func() {
			for n := range 20 {
				i := (g + n) % len(docs)
				out, err := Canonicalize(docs[i], admit.Options{})
				if err != nil || !bytes.Equal(out, want[i]) || !IsCanonical(out) {
					errs <- "a concurrent Canonicalize differs from the sequential one"
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
