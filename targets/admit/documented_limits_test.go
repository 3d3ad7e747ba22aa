package admit_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// TestDocumentedLimits pins the caps the package documentation and
// docs/ADMIT.md state, as literals: a test that computes its expectation
// from the constant under test cannot notice the constant change (the
// mutation sweep's ShiftLimit mutants are how that was found).
func TestDocumentedLimits(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want int64
	}{
		{"DefaultMaxDepth", admit.DefaultMaxDepth, 128},
		{"MaxDepthLimit", admit.MaxDepthLimit, 512},
		{"DefaultMaxSize", admit.DefaultMaxSize, 20 * 1024 * 1024},
		{"MaxSizeLimit", admit.MaxSizeLimit, 16 * 1024 * 1024 * 1024},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, the documentation says %d", c.name, c.got, c.want)
		}
	}
}

// TestOptionsAtTheirLimits: each option is accepted at its documented
// limit and refused one past it, in both scanners.
func TestOptionsAtTheirLimits(t *testing.T) {
	for _, c := range []struct {
		opts admit.Options
		ok   bool
	}{
		{admit.Options{MaxDepth: 512}, true},
		{admit.Options{MaxDepth: 513}, false},
		{admit.Options{MaxDepth: 0}, true},
		{admit.Options{MaxDepth: -1}, false},
		{admit.Options{MaxSize: 16 << 30}, true},
		{admit.Options{MaxSize: 16<<30 + 1}, false},
		{admit.Options{MaxSize: -1}, false},
		{admit.Options{Profile: admit.IJSON}, true},
		{admit.Options{Profile: admit.IJSON + 1}, false},
	} {
		if err := c.opts.Validate(); (err == nil) != c.ok || (err != nil && !errors.Is(err, admit.ErrOptions)) {
			t.Errorf("%+v.Validate() = %v, want ok %v", c.opts, err, c.ok)
		}
		for _, s := range scanners {
			err := s.scan([]byte("[]"), c.opts)
			if (err == nil) != c.ok {
				t.Errorf("%s([], %+v) = %v, want ok %v", s.name, c.opts, err, c.ok)
			}
		}
	}
}

// TestDepthAtTheDocumentedCaps: 128 open containers are admitted by
// default and the 129th is TooDeep at its own offset, 128; with MaxDepth
// 512, the 513th at 512.
func TestDepthAtTheDocumentedCaps(t *testing.T) {
	for _, c := range []struct {
		maxDepth, depth int
		refusedAt       int64 // -1: admitted
	}{
		{0, 128, -1}, {0, 129, 128}, {512, 512, -1}, {512, 513, 512}, {1, 1, -1}, {1, 2, 1},
	} {
		in := append(bytes.Repeat([]byte("["), c.depth), bytes.Repeat([]byte("]"), c.depth)...)
		for _, s := range scanners {
			err := s.scan(in, admit.Options{MaxDepth: c.maxDepth})
			var ae *admit.Error
			switch {
			case c.refusedAt < 0 && err != nil:
				t.Errorf("%s: depth %d under MaxDepth %d: %v, want admitted", s.name, c.depth, c.maxDepth, err)
			case c.refusedAt >= 0 && (!errors.As(err, &ae) || ae.Kind != admit.TooDeep || ae.Offset != c.refusedAt):
				t.Errorf("%s: depth %d under MaxDepth %d: %v, want TooDeep at %d", s.name, c.depth, c.maxDepth, err, c.refusedAt)
			}
		}
	}
}

// TestSizeAtTheDefaultCap: 20 MiB (20971520 bytes) are admitted and one
// byte more is TooLarge at offset 20971520, written as literals.
func TestSizeAtTheDefaultCap(t *testing.T) {
	in := bytes.Repeat([]byte(" "), 20971520)
	in[0] = '0'
	for _, s := range scanners {
		if err := s.scan(in, admit.Options{}); err != nil {
			t.Errorf("%s: 20971520 bytes: %v", s.name, err)
		}
		var ae *admit.Error
		if err := s.scan(append(in, ' '), admit.Options{}); !errors.As(err, &ae) || ae.Kind != admit.TooLarge || ae.Offset != 20971520 {
			t.Errorf("%s: 20971521 bytes: %v, want TooLarge at 20971520", s.name, err)
		}
	}
}
