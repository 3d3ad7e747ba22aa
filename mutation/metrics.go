package mutation

import "math"

// Metrics are mutation-testing-metrics' counts and scores (its toMetrics in
// calculateMetrics.js): detected = killed + timeout, undetected = survived
// + no coverage, covered = detected + survived, valid = detected +
// undetected, invalid = runtime + compile errors; the mutation score is
// detected / valid and the covered score detected / covered, in percent,
// NaN when valid is 0.
type Metrics struct {
	Pending, Killed, Timeout, Survived, NoCoverage, RuntimeErrors, CompileErrors, Ignored int
	TotalDetected, TotalUndetected, TotalCovered, TotalValid, TotalInvalid, TotalMutants  int
	MutationScore, MutationScoreBasedOnCoveredCode                                        float64
}

// Count computes the metrics of a list of mutant results.
func Count(ms []*MutantResult) Metrics {
	var m Metrics
	for _, r := range ms {
		switch r.Status {
		case "Pending":
			m.Pending++
		case Killed:
			m.Killed++
		case Timeout:
			m.Timeout++
		case Survived:
			m.Survived++
		case NoCoverage:
			m.NoCoverage++
		case "RuntimeError":
			m.RuntimeErrors++
		case CompileError:
			m.CompileErrors++
		case Ignored:
			m.Ignored++
		}
	}
	m.TotalDetected = m.Timeout + m.Killed
	m.TotalUndetected = m.Survived + m.NoCoverage
	m.TotalCovered = m.TotalDetected + m.Survived
	m.TotalValid = m.TotalUndetected + m.TotalDetected
	m.TotalInvalid = m.RuntimeErrors + m.CompileErrors
	m.TotalMutants = m.TotalValid + m.TotalInvalid + m.Ignored + m.Pending
	m.MutationScore = math.NaN()
	m.MutationScoreBasedOnCoveredCode = math.NaN()
	if m.TotalValid > 0 {
		m.MutationScore = float64(m.TotalDetected) / float64(m.TotalValid) * 100
		m.MutationScoreBasedOnCoveredCode = 0
		if m.TotalCovered > 0 {
			m.MutationScoreBasedOnCoveredCode = float64(m.TotalDetected) / float64(m.TotalCovered) * 100
		}
	}
	return m
}
