package es6numbers

import (
	"fmt"
	"math"
)

// NumberOracle formats doubles the reference way; the node oracle's
// FormatNumbers (Node's String(x)) is one.
type NumberOracle interface {
	FormatNumbers(fs []float64) ([]string, error)
}

// Mismatch is one double on which a formatter and the oracle disagree.
type Mismatch struct {
	Bits   uint64 // the double's bit pattern
	Ours   string // what the formatter wrote
	Oracle string // what the oracle wrote
}

func (m Mismatch) String() string {
	return fmt.Sprintf("%016x (%v): ours %q, oracle %q", m.Bits, math.Float64frombits(m.Bits), m.Ours, m.Oracle)
}

// Compare formats every double of fs with format and with the oracle, in
// batches of batch doubles, and returns every disagreement. An error is a
// failure of the oracle itself, not a mismatch.
func Compare(oracle NumberOracle, format Formatter, fs []float64, batch int) ([]Mismatch, error) {
	if batch <= 0 {
		batch = 10000
	}
	var mismatches []Mismatch
	var ours []byte
	for start := 0; start < len(fs); start += batch {
		chunk := fs[start:min(start+batch, len(fs))]
		theirs, err := oracle.FormatNumbers(chunk)
		if err != nil {
			return mismatches, fmt.Errorf("es6numbers: doubles %d to %d: %w", start, start+len(chunk), err)
		}
		for i, f := range chunk {
			ours = format(ours[:0], f)
			if string(ours) != theirs[i] {
				mismatches = append(mismatches, Mismatch{math.Float64bits(f), string(ours), theirs[i]})
			}
		}
	}
	return mismatches, nil
}
