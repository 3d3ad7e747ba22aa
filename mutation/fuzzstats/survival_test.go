package fuzzstats

import (
	"math"
	"testing"
)

// sixMP is the 6-mercaptopurine arm of Freireich et al. (1963), weeks in
// remission, a relapse the event: the textbook example of Kaplan-Meier
// (Klein and Moeschberger, Survival Analysis, 2nd ed., Table 4.1B).
func sixMP() []Trial {
	var ts []Trial
	for _, t := range []float64{6, 6, 6, 7, 10, 13, 16, 22, 23} {
		ts = append(ts, Trial{Seconds: t, Found: true})
	}
	for _, t := range []float64{6, 9, 10, 11, 17, 19, 20, 25, 32, 32, 34, 35} {
		ts = append(ts, Trial{Seconds: t})
	}
	return ts
}

func TestKaplanMeierMatchesTheTextbook(t *testing.T) {
	sv, err := KaplanMeier(sixMP())
	if err != nil {
		t.Fatal(err)
	}
	// Table 4.1B: time, at risk, events, S, Greenwood standard error.
	want := []struct {
		t         float64
		n, d      int
		s, stdErr float64
	}{
		{6, 21, 3, 0.857, 0.076},
		{7, 17, 1, 0.807, 0.087},
		{10, 15, 1, 0.753, 0.096},
		{13, 12, 1, 0.690, 0.107},
		{16, 11, 1, 0.627, 0.114},
		{22, 7, 1, 0.538, 0.128},
		{23, 6, 1, 0.448, 0.135},
	}
	if len(sv.Steps) != len(want) {
		t.Fatalf("%d steps, want %d: %+v", len(sv.Steps), len(want), sv.Steps)
	}
	for i, w := range want {
		st := sv.Steps[i]
		if st.Seconds != w.t || st.AtRisk != w.n || st.Found != w.d || !near(st.S, w.s, 0.0005) || !near(st.StdErr, w.stdErr, 0.0005) {
			t.Errorf("step %d = %+v, want %+v", i, st, w)
		}
	}
	if sv.Trials != 21 || sv.Found != 9 {
		t.Errorf("trials %d found %d, want 21 and 9", sv.Trials, sv.Found)
	}
	// R: survfit(Surv(time, relapse) ~ 1, conf.type = "log-log") on the
	// same arm: median 23, 0.95 LCL 13, UCL NA.
	if sv.Median != 23 || sv.MedianLower != 13 || !math.IsInf(sv.MedianUpper, 1) {
		t.Errorf("median %v (%v, %v), want 23 (13, +Inf)", sv.Median, sv.MedianLower, sv.MedianUpper)
	}
	// The log-log band at 6 weeks: 0.620 to 0.952 (Klein and
	// Moeschberger, Table 4.3, the log-log column for the 6-MP arm).
	if st := sv.Steps[0]; !near(st.Lower, 0.620, 0.0005) || !near(st.Upper, 0.952, 0.0005) {
		t.Errorf("band at 6 = (%.4f, %.4f), want (0.620, 0.952)", st.Lower, st.Upper)
	}
	if got := sv.At(12.9); !near(got, 0.753, 0.0005) {
		t.Errorf("S(12.9) = %v, want 0.753", got)
	}
}

func TestKaplanMeierWithNoCensoringIsTheSampleMedian(t *testing.T) {
	var ts []Trial
	for _, s := range []float64{0.5, 0.1, 0.9, 0.3, 0.7} {
		ts = append(ts, Trial{Seconds: s, Found: true})
	}
	sv, err := KaplanMeier(ts)
	if err != nil {
		t.Fatal(err)
	}
	if sv.Median != 0.5 || sv.Steps[len(sv.Steps)-1].S != 0 {
		t.Errorf("median %v, last S %v, want 0.5 and 0", sv.Median, sv.Steps[len(sv.Steps)-1].S)
	}
}

func TestKaplanMeierWithFewFindsHasNoMedian(t *testing.T) {
	ts := []Trial{{Seconds: 1, Found: true}, {Seconds: 10}, {Seconds: 10}, {Seconds: 10}}
	sv, err := KaplanMeier(ts)
	if err != nil {
		t.Fatal(err)
	}
	if !math.IsInf(sv.Median, 1) || sv.Found != 1 || !near(sv.At(10), 0.75, 1e-12) {
		t.Errorf("median %v found %d S(10) %v, want +Inf, 1, 0.75", sv.Median, sv.Found, sv.At(10))
	}
}

func TestKaplanMeierRefusesBadTimes(t *testing.T) {
	for _, ts := range [][]Trial{nil, {{Seconds: -1, Found: true}}, {{Seconds: math.NaN()}}, {{Seconds: math.Inf(1)}}} {
		if _, err := KaplanMeier(ts); err != ErrNoTrials {
			t.Errorf("KaplanMeier(%v) error %v, want ErrNoTrials", ts, err)
		}
	}
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }
