package fuzzstats

import (
	"errors"
	"math"
	"slices"
)

// Trial is one trial's time to the bug: Seconds to the find when Found,
// else the budget it ran for without one (a right-censored time).
type Trial struct {
	Seconds float64
	Found   bool
	Execs   int64 // executions to the find, or in the run; reported, not estimated
}

// Step is the Kaplan-Meier curve at one time a bug was found: S is the
// estimated probability that a trial has not found it by Seconds, Lower
// and Upper its pointwise 95% band (log-log, Greenwood), StdErr
// Greenwood's standard error of S.
type Step struct {
	Seconds      float64
	AtRisk       int // trials not yet ended just before Seconds
	Found        int // finds at Seconds
	S            float64
	StdErr       float64
	Lower, Upper float64
}

// Survival is the Kaplan-Meier estimate of a set of trials.
type Survival struct {
	Trials int
	Found  int
	Steps  []Step // one per distinct time of a find, in order
	// Median is the first time the curve is at or below one half; its
	// 95% interval (Brookmeyer-Crowley: the times whose band holds one
	// half) runs from the first time the band's lower bound is at or
	// below one half to the first time its upper bound is. Each is +Inf when the curve (or bound) never gets
	// there: the median, or the bound, lies past the longest trial.
	Median, MedianLower, MedianUpper float64
}

// z95 is the standard normal quantile of 0.975.
const z95 = 1.959963984540054

// ErrNoTrials is KaplanMeier's error for an empty or invalid sample.
var ErrNoTrials = errors.New("fuzzstats: no trials")

// KaplanMeier estimates the survival of trials: at each distinct time t
// of a find, S(t) = S(t-) * (1 - d/n), with n the trials not ended
// before t (a trial censored at t counts as at risk at t, the usual
// convention) and d the finds at t. The band is exp(-exp(log(-log S) ±
// z * se)) with se = sqrt(sum d/(n(n-d))) / |log S|, undefined where S is
// 1 (before any find) or 0 (after the last trial ends in a find), where
// it is S itself. It is ErrNoTrials for no trials or a negative or NaN
// time.
func KaplanMeier(trials []Trial) (Survival, error) {
	if len(trials) == 0 {
		return Survival{}, ErrNoTrials
	}
	ts := slices.Clone(trials)
	for _, t := range ts {
		if !(t.Seconds >= 0) || math.IsInf(t.Seconds, 0) {
			return Survival{}, ErrNoTrials
		}
	}
	slices.SortFunc(ts, func(a, b Trial) int {
		return compareFloat(a.Seconds, b.Seconds)
	})
	sv := Survival{Trials: len(ts), Median: math.Inf(1), MedianLower: math.Inf(1), MedianUpper: math.Inf(1)}
	s, greenwood := 1.0, 0.0
	atRisk := len(ts)
	for i := 0; i < len(ts); {
		j, d := i, 0
		for ; j < len(ts) && ts[j].Seconds == ts[i].Seconds; j++ {
			if ts[j].Found {
				d++
			}
		}
		if d > 0 {
			s *= 1 - float64(d)/float64(atRisk)
			if atRisk > d {
				greenwood += float64(d) / float64(atRisk*(atRisk-d))
			}
			st := Step{Seconds: ts[i].Seconds, AtRisk: atRisk, Found: d, S: s, StdErr: s * math.Sqrt(greenwood), Lower: s, Upper: s}
			if s > 0 && s < 1 {
				se := math.Sqrt(greenwood) / math.Abs(math.Log(s))
				ll := math.Log(-math.Log(s))
				st.Lower = math.Exp(-math.Exp(ll + z95*se))
				st.Upper = math.Exp(-math.Exp(ll - z95*se))
			}
			sv.Steps = append(sv.Steps, st)
			sv.Found += d
			sv.Median = firstAtOrBelowHalf(sv.Median, st.Seconds, st.S)
			sv.MedianLower = firstAtOrBelowHalf(sv.MedianLower, st.Seconds, st.Lower)
			sv.MedianUpper = firstAtOrBelowHalf(sv.MedianUpper, st.Seconds, st.Upper)
		}
		atRisk -= j - i
		i = j
	}
	return sv, nil
}

// firstAtOrBelowHalf is at if cur is not yet set and v is at or below
// one half, else cur.
func firstAtOrBelowHalf(cur, at, v float64) float64 {
	if math.IsInf(cur, 1) && v <= 0.5 {
		return at
	}
	return cur
}

func compareFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// At is the curve's value at t: 1 before the first find.
func (sv Survival) At(t float64) float64 {
	s := 1.0
	for _, st := range sv.Steps {
		if st.Seconds > t {
			break
		}
		s = st.S
	}
	return s
}
