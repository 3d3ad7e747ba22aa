// Package alloctest is the cost measure of the tests that hold a target to
// "no input costs more than a small multiple of its size" (issue 9): the
// bytes a function allocates on the heap, never wall-clock time.
//
// Under the race detector (go test -race) the runtime allocates
// differently, in two ways that change what these measures count
// (issue 20):
//
//   - the tiny allocator is off (runtime/malloc.go, mallocgcTiny): every
//     allocation under 16 bytes without pointers takes a 16-byte block of
//     its own, where the normal build packs several into one. Code that
//     makes a short string per member of a large message costs up to 16
//     bytes a member more: the guard at d5ba24d unquoted each argument
//     name into its own string, and an enforced refusal of 140,000
//     arguments cost 6.52x its message under -race, 5.78x without (6x
//     allowed; 4.44x and 3.71x beyond admission, 4x allowed). The guard
//     has read names in place since f042776: 5.46x and 5.45x;
//   - sync.Pool.Put drops a random quarter of what it is given
//     (sync/pool.go), so pooled state (admission's scanner, 18,976 bytes;
//     fmt's printers) is made again on about one call in four. Bytes
//     starts cold (every pool empty), so it is not affected; PerCall, warm,
//     measures the dice as much as the code.
package alloctest

import "runtime"

// Bytes returns the bytes f allocates on the heap, as runtime.MemStats
// counts them. It starts cold: two collections empty every sync.Pool (and
// its victim cache), so what f costs does not depend on what ran before.
func Bytes(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// PerCall returns the bytes one call of f allocates warm, on average over
// runs calls after a first (what a first call initializes, and the pools
// it fills, are no call's cost): the fixed cost of a small input, which a
// multiple of its size would hide. Under the race detector the pools make
// it a random variable (see the package comment): a test that bounds it
// skips with RaceSkip.
func PerCall(runs int, f func()) uint64 {
	f()
	return Bytes(func() {
		for range runs {
			f()
		}
	}) / uint64(runs)
}

// RaceSkip is why a test of PerCall does not run under the race detector.
const RaceSkip = "warm allocation measure: under -race sync.Pool drops a random quarter of what is put back, so pooled state is remade at random (internal/alloctest)"
