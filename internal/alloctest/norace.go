//go:build !race

package alloctest

// Race is whether the race detector is on: the runtime allocates
// differently then (see the package comment).
const Race = false
