package main

import (
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// endless is a reader that never ends: a pipe whose writer never closes.
type endless struct{ read int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	e.read += int64(len(p))
	return len(p), nil
}

// admit, canon and digest stop reading at the cap, from a device that
// never ends (/dev/zero) and from a stream that never ends: the refusal is
// the too-large one admit.Scan gives, at offset cap, with exit 1.
func TestInputStopsAtTheCap(t *testing.T) {
	for _, cmd := range []string{"admit", "canon", "digest"} {
		for _, src := range []string{"/dev/zero", "endless stdin"} {
			done := make(chan struct{})
			var code int
			var out, errOut strings.Builder
			e := &endless{}
			go func() {
				defer close(done)
				args := []string{cmd, "--max-size", "1000"}
				var stdin io.Reader = strings.NewReader("")
				if src == "/dev/zero" {
					args = append(args, src)
				} else {
					stdin = e
				}
				code = run(args, stdin, &out, &errOut)
			}()
			select {
			case <-done:
			case <-time.After(20 * time.Second):
				t.Fatalf("%s %s: still reading after 20 s", cmd, src)
			}
			refusal := out.String()
			if cmd != "admit" {
				refusal = errOut.String()
			}
			var r struct {
				Kind   string
				Offset int64
			}
			if code != exitRefused || json.Unmarshal([]byte(refusal), &r) != nil || r.Kind != string(admit.TooLarge) || r.Offset != 1000 {
				t.Errorf("%s %s: exit %d, refusal %q; want 1 and too-large at 1000", cmd, src, code, refusal)
			}
			if e.read > 1<<20 {
				t.Errorf("%s %s: read %d bytes for a cap of 1000", cmd, src, e.read)
			}
		}
	}
}

// A cap is accepted only up to maxInputLimit; readInput refuses a limit
// outside 1..maxInputLimit rather than reading without one.
func TestInputCapLimit(t *testing.T) {
	for _, cmd := range []string{"admit", "canon", "digest"} {
		for _, size := range []string{"0", "-1", "1073741825", "17179869184"} {
			if code, _, errOut := runCmd(t, "[]", cmd, "--max-size", size); code != exitUsage || errOut == "" {
				t.Errorf("%s --max-size %s: exit %d, stderr %q; want 2", cmd, size, code, errOut)
			}
		}
		if code, _, _ := runCmd(t, "[]", cmd, "--max-size", "1073741824"); code == exitUsage {
			t.Errorf("%s --max-size 1 GiB: refused", cmd)
		}
	}
	for _, limit := range []int64{0, -1, maxInputLimit + 1} {
		if _, err := readInput("-", &endless{}, limit); err == nil {
			t.Errorf("readInput with limit %d read", limit)
		}
	}
	_, err := readInput("/dev/zero", nil, 10)
	var tooLarge *inputTooLargeError
	if !errors.As(err, &tooLarge) || !errors.Is(err, errInputTooLarge) || tooLarge.Limit != 10 {
		t.Errorf("readInput(/dev/zero, 10) = %v", err)
	}
	if b, err := readInput("-", strings.NewReader("0123456789"), 10); err != nil || string(b) != "0123456789" {
		t.Errorf("readInput at the cap: %q, %v", b, err)
	}
}

// readCapped returns the whole input up to the cap and limit+1 bytes past
// it, whatever its size hint says (a regular file that grew while it was
// read, a /proc file whose size is 0) and however the reader splits it.
func TestReadCappedBoundaries(t *testing.T) {
	const limit = 100
	for _, n := range []int{0, 1, firstRead - 1, limit - 1, limit, limit + 1, 3 * limit} {
		for _, hint := range []int64{-1, 0, int64(n), int64(n) / 2, 10 * limit} {
			in := strings.Repeat("x", n)
			got, err := readCapped(iotest.OneByteReader(strings.NewReader(in)), hint, limit)
			want := in[:min(n, limit+1)]
			if err != nil || string(got) != want {
				t.Errorf("%d bytes, hint %d: %d bytes, %v; want %d", n, hint, len(got), err, len(want))
			}
		}
	}
	if b, err := readInput("/proc/self/status", nil, 1<<20); err != nil || !strings.Contains(string(b), "Name:") {
		t.Errorf("/proc/self/status (size 0): %q, %v", b, err)
	}
}
