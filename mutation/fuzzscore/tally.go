package fuzzscore

import (
	"os"
	"strings"

	"github.com/canonfuzz/canonfuzz/mutation"
)

// tally counts both sides on the mutants and lists the blind spots. Both
// scores are Stryker's detected over valid: killed or timed out. The
// fuzzers' Timeout is a confirmed hang only (the input hangs with the
// mutant on and passes unmutated), counted apart from their kills.
func (sc *Score) tally() {
	sc.Fuzz, sc.Tests = Tally{}, Tally{}
	sc.BlindSpots, sc.FuzzOnly, sc.Unconfirmed = nil, nil, nil
	for _, m := range sc.Mutants {
		testsKill := m.TestsStatus == mutation.Killed || m.TestsStatus == mutation.Timeout
		fuzzDetects := m.Status == mutation.Killed || m.Status == mutation.Timeout
		switch m.TestsStatus {
		case mutation.Killed, mutation.Timeout, mutation.Survived, mutation.NoCoverage:
			sc.Tests.Valid++
			switch m.TestsStatus {
			case mutation.Killed:
				sc.Tests.Killed++
			case mutation.Timeout:
				sc.Tests.Timeout++
			}
		default:
			sc.Tests.Invalid++
		}
		switch m.Status {
		case mutation.Killed, mutation.Timeout, mutation.Survived, mutation.NoCoverage:
			sc.Fuzz.Valid++
			switch m.Status {
			case mutation.Killed:
				sc.Fuzz.Killed++
			case mutation.Timeout:
				sc.Fuzz.Timeout++
			}
		default:
			sc.Fuzz.Invalid++
		}
		switch {
		case testsKill && (m.Status == mutation.Survived || m.Status == mutation.NoCoverage):
			sc.BlindSpots = append(sc.BlindSpots, m.ID)
		case !testsKill && fuzzDetects:
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
