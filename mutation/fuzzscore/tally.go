package fuzzscore

import (
	"os"
	"strings"

	"github.com/canonfuzz/canonfuzz/mutation"
)

// tally counts both sides on the mutants and lists the blind spots: each
// side's detected are Stryker's (killed or timed out), the fuzzers' kills
// only confirmed ones.
func (sc *Score) tally() {
	sc.Fuzz, sc.Tests = Tally{}, Tally{}
	sc.BlindSpots, sc.FuzzOnly, sc.Unconfirmed = nil, nil, nil
	for _, m := range sc.Mutants {
		testsDetect, fuzzDetect := sc.Tests.count(m.TestsStatus), sc.Fuzz.count(m.Status)
		switch {
		case testsDetect && (m.Status == mutation.Survived || m.Status == mutation.NoCoverage):
			sc.BlindSpots = append(sc.BlindSpots, m.ID)
		case !testsDetect && fuzzDetect:
			sc.FuzzOnly = append(sc.FuzzOnly, m.ID)
		}
		for _, tr := range m.Trials {
			for _, a := range tr.Attempts {
				if a.Status == AttemptFailsUnmutated {
					sc.Unconfirmed = append(sc.Unconfirmed, m.ID+" "+a.Target+" "+a.Input)
				}
			}
		}
	}
	sc.Fuzz.Score, sc.Tests.Score = percent(sc.Fuzz), percent(sc.Tests)
}

// count counts one mutant's status and reports whether it is detected
// (Killed or Timeout).
func (t *Tally) count(status string) bool {
	switch status {
	case mutation.Killed:
		t.Killed++
	case mutation.Timeout:
		t.Timeout++
	case mutation.Survived, mutation.NoCoverage:
	default:
		t.Invalid++
		return false
	}
	t.Valid++
	return status == mutation.Killed || status == mutation.Timeout
}

func percent(t Tally) float64 {
	if t.Valid == 0 {
		return 0
	}
	return float64(t.Killed+t.Timeout) / float64(t.Valid) * 100
}

// loadAverage is the first three fields of /proc/loadavg, or "".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}
