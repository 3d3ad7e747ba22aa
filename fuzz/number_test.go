package fuzz_test

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// numberSeeds are the bit patterns FuzzNumberFromBits and
// FuzzNumberFromBitsMatchesNode start from.
var numberSeeds = []struct {
	bits  uint64
	probe string
}{
	{0x0000000000000000, "+0"},
	{0x8000000000000000, "-0, written 0"},
	{0x0000000000000001, "5e-324, the least subnormal"},
	{0x000fffffffffffff, "the greatest subnormal"},
	{0x0010000000000000, "the least normal"},
	{0x7fefffffffffffff, "the greatest double"},
	{0x444b1ae4d6e2ef50, "1e21, the first in exponent form"},
	{0x444b1ae4d6e2ef4f, "the double below 1e21, the last integer form"},
	{0x3eb0c6f7a0b5ed8d, "1e-6, the last plain fraction"},
	{0x3e7ad7f29abcaf48, "1e-7, the first negative exponent form"},
	{0x4340000000000000, "2^53"},
	{0x4340000000000001, "2^53+2"},
	{0x433fffffffffffff, "2^53-1"},
	{0x3fb999999999999a, "0.1"},
	{0x3fd5555555555555, "1/3, seventeen digits"},
	{0x44b52d02c7e14af6, "1e23, whose shortest form is not the nearest 17 digits"},
	{0x7ff0000000000000, "+Infinity, skipped"},
	{0x7ff8000000000001, "a NaN, skipped"},
}

// FuzzNumberFromBits holds jcs.AppendNumber to numberMatchesOracles with
// the Go oracles.
func FuzzNumberFromBits(f *testing.F) {
	if len(numberSeeds) == 0 {
		f.Fatal("no seeds: the target would replay nothing")
	}
	for _, s := range numberSeeds {
		f.Add(s.bits)
	}
	f.Fuzz(func(t *testing.T, bits uint64) {
		if err := numberMatchesOracles(jcs.AppendNumber, goOracles, bits); err != nil {
			t.Fatal(err)
		}
	})
}
