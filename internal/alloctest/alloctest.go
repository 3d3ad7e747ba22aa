// Package alloctest is the cost measure of the tests that hold a target to
// "no input costs more than a small multiple of its size" (issue 9): the
// bytes a function allocates on the heap, never wall-clock time.
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
