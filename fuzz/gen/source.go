package gen

import fuzzheaders "github.com/AdaLogics/go-fuzz-headers"

// source hands out choices from the fuzz bytes. Every read that finds the
// bytes exhausted returns the zero choice and marks the source spent, so
// generation winds down instead of failing.
type source struct {
	c     *fuzzheaders.ConsumeFuzzer
	spent bool
	nodes int // values still allowed, so one input cannot grow without bound
}

func newSource(data []byte) *source {
	return &source{c: fuzzheaders.NewConsumer(data), nodes: maxNodes}
}

// byte returns the next byte, or 0 when the bytes are spent.
func (s *source) byte() int {
	b, err := s.c.GetInt()
	if err != nil {
		s.spent = true
		return 0
	}
	return b
}

// intn returns a choice in [0, n), one byte for n up to 256, two above.
func (s *source) intn(n int) int {
	if n <= 256 {
		return s.byte() % n
	}
	return (s.byte()<<8 | s.byte()) % n
}

// bool returns a coin flip, false when spent.
func (s *source) bool() bool {
	b, err := s.c.GetBool()
	if err != nil {
		s.spent = true
		return false
	}
	return !b // GetBool is true on even bytes; make a spent source's 0 read as false
}

// uint64 returns eight bytes as one number, 0 when spent.
func (s *source) uint64() uint64 {
	var u uint64
	for range 8 {
		u = u<<8 | uint64(s.byte())
	}
	return u
}
