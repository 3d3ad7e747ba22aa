package guard

import (
	"os"
	"strconv"
	"testing"
	"time"
)

// coldSweepEnv names the size, in MiB, of what is written between two
// cold decisions. By default 4: twice the processor's L2 cache (2 MiB a
// core where this was measured, inclusive of L1), so that a decision finds
// its code and data where the guard binary finds them when a client waits
// for each answer and the other processes of a round trip (the client,
// the server, the machine's load) ran meanwhile. 64 is past the last-level
// cache (32 MiB here): the decision finds them in memory.
const coldSweepEnv = "COLD_SWEEP_MIB"

func coldSweep(b *testing.B) int {
	s := os.Getenv(coldSweepEnv)
	if s == "" {
		return 4 << 20
	}
	n, err := strconv.Atoi(s)
	if err != nil || n <= 0 {
		b.Fatalf("%s=%q: want a number of MiB", coldSweepEnv, s)
	}
	return n << 20
}

// evictor writes one byte of each cache line of a buffer larger than the
// caches a decision would otherwise find warm.
type evictor struct {
	buf []byte
	n   byte
}

func newEvictor(size int) *evictor { return &evictor{buf: make([]byte, size)} }

func (e *evictor) evict() {
	e.n++
	for i := 0; i < len(e.buf); i += 64 {
		e.buf[i] = e.n
	}
}

// coldAndWarm times decide b.N times just after an eviction (cold) and
// once more at once (warm), and reports the median of each: cold-µs and
// warm-µs. Medians, as BenchmarkProxyLatency's: on a loaded machine one
// descheduling costs a millisecond. ns/op includes the evictions.
func coldAndWarm(b *testing.B, decide func()) {
	decide()
	e := newEvictor(coldSweep(b))
	cold := make([]time.Duration, 0, b.N)
	warm := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		e.evict()
		start := time.Now()
		decide()
		mid := time.Now()
		decide()
		end := time.Now()
		cold = append(cold, mid.Sub(start))
		warm = append(warm, end.Sub(mid))
	}
	b.StopTimer()
	b.ReportMetric(micros(median(cold)), "cold-µs")
	b.ReportMetric(micros(median(warm)), "warm-µs")
}

// BenchmarkDecideCold is the decision on the messages of
// BenchmarkProxyLatency (a relayed ping, a small tools/call forwarded with
// the guard's hop) with the processor's caches taken by other work before
// each decision, as the guard binary decides for a client that waits for
// each answer, beside the same decision made again at once. The
// difference is what a cold decision adds to a round trip (issue 20).
// Paths: Decide, and the session's (decide with its chainCache, as the
// proxy decides).
//
//	go test -run '^$' -bench BenchmarkDecideCold -benchtime 2000x ./targets/guard/
//	COLD_SWEEP_MIB=64 go test ...   # past the last-level cache: from memory
func BenchmarkDecideCold(b *testing.B) {
	cfg := vectorConfig(b, Originate, Enforce)
	for _, c := range []struct{ name, msg string }{{"ping", pingMsg}, {"call", insideMsg}} {
		msg := []byte(c.msg)
		b.Run(c.name+"/path=Decide", func(b *testing.B) { coldAndWarm(b, func() { Decide(msg, cfg) }) })
		chains := newChainCache(cfg)
		b.Run(c.name+"/path=session", func(b *testing.B) { coldAndWarm(b, func() { decide(msg, cfg, chains) }) })
	}
}

// BenchmarkProxyCold is BenchmarkProxyLatency's in-process guard and
// direct paths with the processor's caches taken before each round trip
// (coldSweepEnv), one path after the other: guard-µs, direct-µs and their
// difference added-µs, medians. Under cachegrind it attributes the
// misses of a cold round trip to the guard's functions (the server is a
// process of its own, not simulated).
func BenchmarkProxyCold(b *testing.B) {
	for _, c := range []struct{ name, msg string }{{"ping", pingMsg}, {"call", insideMsg}} {
		b.Run(c.name, func(b *testing.B) {
			line := []byte(c.msg + "\n")
			guard, direct := guardAck(b, c.msg), directAck(b)
			defer guard.finish()
			defer direct.finish()
			guard.roundTrip(b, line)
			direct.roundTrip(b, line)
			e := newEvictor(coldSweep(b))
			var times [2][]time.Duration
			b.ResetTimer()
			for range b.N {
				for i, p := range []*roundTripper{guard, direct} {
					e.evict()
					start := time.Now()
					p.roundTrip(b, line)
					times[i] = append(times[i], time.Since(start))
				}
			}
			b.StopTimer()
			g, d := median(times[0]), median(times[1])
			b.ReportMetric(micros(g), "guard-µs")
			b.ReportMetric(micros(d), "direct-µs")
			b.ReportMetric(micros(g-d), "added-µs")
		})
	}
}
