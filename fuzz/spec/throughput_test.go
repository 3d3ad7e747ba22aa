package spec

import (
	"syscall"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// BenchmarkProperty holds each target's property, bound to the real
// implementation, on its catalogue seeds in turn: one op is one execution
// of the fuzz target's function without the engine's own cost (coverage,
// mutation, the worker's pipe), the reproducible measure of the throughput
// a campaign gets (docs/PERFORMANCE.md, "Fuzz target throughput"):
//
//	GOMAXPROCS=1 go test ./fuzz/spec -run '^$' -bench BenchmarkProperty -benchtime 2s -count 6
//
// Besides ns/op (wall clock, which a loaded machine stretches) it reports
// cpu-ns/op, the process's CPU time per op, and exec/cpu-s, its inverse:
// the executions a second one core gives. A violation on a seed fails the
// benchmark: the throughput of a property that does not hold is not
// measured.
func BenchmarkProperty(b *testing.B) {
	for _, t := range Targets() {
		b.Run(t.Name, func(b *testing.B) {
			if err := t.Start(); err != nil {
				b.Fatalf("%s needs its oracles: %v", t.Name, err)
			}
			list, err := t.AllSeeds()
			if err != nil {
				b.Fatal(err)
			}
			if len(list) == 0 {
				b.Fatalf("%s has no seeds", t.Name)
			}
			real := t.Real()
			var cpu time.Duration
			n := 0
			for b.Loop() {
				s := list[n%len(list)]
				if n%len(list) == 0 {
					cpu -= cpuTime(b)
				}
				n++
				if v := real.Check(property.Input(s.Values)); v != nil {
					b.Fatalf("seed %s: %v", s.Name, v)
				}
				if n%len(list) == 0 {
					cpu += cpuTime(b)
				}
			}
			if n%len(list) != 0 {
				cpu += cpuTime(b)
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(n), "cpu-ns/op")
			b.ReportMetric(float64(n)/cpu.Seconds(), "exec/cpu-s")
		})
	}
}

// cpuTime is the CPU time, user and system, the process has used.
func cpuTime(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
