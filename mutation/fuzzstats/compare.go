package fuzzstats

import (
	"errors"

	"github.com/aclements/go-moremath/stats"
)

// Comparison is two configurations' trials on one unit (or pooled over
// the units both ran) compared: the two-sided Mann-Whitney U test of
// their times to the bug, an unfound trial counted at its budget, and
// the Vargha-Delaney A12.
type Comparison struct {
	A, B   string // the configurations
	Unit   string // the unit, or "" for every shared unit pooled
	NA, NB int
	// U counts the pairs (a, b) in which a's time is greater than b's, a
	// tie as half (go-moremath's U, with A's times first).
	U float64
	// P is the two-sided p-value; 1 when every time of both is the same
	// (nothing to tell them apart: every trial found it at one instant,
	// or none found it).
	P float64
	// A12 is the probability that a trial of A finds the bug sooner than
	// a trial of B, a tie counted as half: 1 - U/(NA*NB). 0.5 is no
	// difference; Vargha and Delaney call an A12 at or over 0.71 (or at
	// or under 0.29) a large effect, 0.64 medium, 0.56 small.
	A12 float64
}

// Compare compares a's trials with b's on the times to the bug. It is
// ErrNoTrials when either is empty.
func Compare(a, b []Trial) (Comparison, error) {
	xa, xb := times(a), times(b)
	c := Comparison{NA: len(xa), NB: len(xb)}
	res, err := stats.MannWhitneyUTest(xa, xb, stats.LocationDiffers)
	switch {
	case errors.Is(err, stats.ErrSampleSize):
		return c, ErrNoTrials
	case errors.Is(err, stats.ErrSamplesEqual):
		c.U, c.P = float64(c.NA*c.NB)/2, 1
	case err != nil:
		return c, err
	default:
		c.U, c.P = res.U, res.P
	}
	c.A12 = 1 - c.U/float64(c.NA*c.NB)
	return c, nil
}

// times are the trials' times to the bug, an unfound trial at its budget:
// after every find, as its true time is.
func times(ts []Trial) []float64 {
	out := make([]float64, len(ts))
	for i, t := range ts {
		out[i] = t.Seconds
	}
	return out
}

// Magnitude names the size of an A12 by Vargha and Delaney's thresholds.
func Magnitude(a12 float64) string {
	a := max(a12, 1-a12) + 1e-9 // the thresholds are 0.56, 0.64, 0.71 (or their mirrors), up to rounding
	switch {
	case a >= 0.71:
		return "large"
	case a >= 0.64:
		return "medium"
	case a >= 0.56:
		return "small"
	}
	return "negligible"
}
