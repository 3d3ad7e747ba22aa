package admit_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// TestScanConcurrent: Scan keeps no state between calls that another
// goroutine can see. Eight goroutines scan every table input, each from its
// own starting point, and every verdict must equal Reference's. Run it with -race.
func TestScanConcurrent(t *testing.T) {
	type job struct {
		input []byte
		opts  admit.Options
		want  error
	}
	var jobs []job
	for _, cases := range tables() {
		for _, c := range cases {
			for _, opts := range []admit.Options{c.opts, ijson, {MaxDepth: 2}} {
				jobs = append(jobs, job{c.input(), opts, admit.Reference(c.input(), opts)})
			}
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				j := jobs[(k+g*len(jobs)/8)%len(jobs)]
				if msg := sameVerdict(admit.Scan(j.input, j.opts), j.want); msg != "" {
					errs <- msg
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for msg := range errs {
		t.Error(msg)
	}
}

// sameVerdict says how two verdicts differ in kind or offset, or "".
func sameVerdict(scan, ref error) string {
	var se, re *admit.Error
	sok, rok := errors.As(scan, &se), errors.As(ref, &re)
	switch {
	case scan == nil && ref == nil:
		return ""
	case !sok && scan != nil, !rok && ref != nil:
		return fmt.Sprintf("not an *admit.Error: Scan %v, Reference %v", scan, ref)
	case scan == nil || ref == nil || se.Kind != re.Kind || se.Offset != re.Offset:
		return fmt.Sprintf("Scan %v, Reference %v", scan, ref)
	}
	return ""
}
