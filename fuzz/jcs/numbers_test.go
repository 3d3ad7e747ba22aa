package jcsfuzz

import (
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/es6numbers"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/node"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// sampleSeed fixes the doubles of TestAppendNumberMatchesNodeOnAMillionDoubles.
const sampleSeed = 8785

// TestAppendNumberMatchesNodeOnAMillionDoubles formats 2^20 seeded doubles
// of every magnitude (the boundaries, every power of ten and its
// neighbours, random bit patterns, random decimals with exponents -330 to
// 310, integers around 2^53) with jcs.AppendNumber and with Node's
// String(x), and requires the same string for each; every finite result
// must also read back as the same double.
func TestAppendNumberMatchesNodeOnAMillionDoubles(t *testing.T) {
	began := time.Now()
	ecma, err := node.New(node.ECMAScript)
	if err != nil {
		t.Fatalf("the Node oracle is required: %v", err)
	}
	defer ecma.Close()
	fs := es6numbers.Sample(sampleSeed, 1<<20)
	mismatches, err := es6numbers.Compare(ecma, jcs.AppendNumber, fs, 10000)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range mismatches {
		if i == 20 {
			t.Errorf("... %d mismatches in all", len(mismatches))
			break
		}
		t.Errorf("jcs.AppendNumber against Node %s: %v", ecma.Version(), m)
	}
	var b []byte
	for _, f := range fs {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		b = jcs.AppendNumber(b[:0], f)
		if back, err := strconv.ParseFloat(string(b), 64); err != nil || back != f && !(back == 0 && f == 0) {
			t.Fatalf("jcs.AppendNumber(%016x) = %q reads back as %v, %v", math.Float64bits(f), b, back, err)
		}
	}
	t.Logf("%d doubles, %d mismatches, %v", len(fs), len(mismatches), time.Since(began))
}

// TestAppendNumberReproducesTheFirstMillionTestFileLines regenerates the
// first million lines of es6testfile100m.txt with jcs.AppendNumber and
// requires the SHA-256 the RFC's author publishes at 10^3 to 10^6 lines
// (make numbers-full runs all 10^8).
func TestAppendNumberReproducesTheFirstMillionTestFileLines(t *testing.T) {
	err := es6numbers.Hash(1000000, jcs.AppendNumber, nil, func(r es6numbers.HashResult) {
		if r.Mismatch {
			t.Errorf("first %d lines: sha256 %s, %d bytes; published %s, %d bytes",
				r.Want.Lines, r.SHA256, r.Size, r.Want.SHA256, r.Want.Size)
		}
	})
	if err != nil {
		t.Error(err)
	}
}
