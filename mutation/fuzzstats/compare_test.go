package fuzzstats

import "testing"

func found(secs ...float64) []Trial {
	var ts []Trial
	for _, s := range secs {
		ts = append(ts, Trial{Seconds: s, Found: true})
	}
	return ts
}

func censored(n int, budget float64) []Trial {
	ts := make([]Trial, n)
	for i := range ts {
		ts[i] = Trial{Seconds: budget}
	}
	return ts
}

func TestCompareMatchesHandCounts(t *testing.T) {
	// A always sooner: U = 0, A12 = 1; the exact two-sided p of 3 against
	// 3 with no overlap is 2/C(6,3) = 0.1.
	c, err := Compare(found(1, 2, 3), found(4, 5, 6))
	if err != nil {
		t.Fatal(err)
	}
	if c.U != 0 || c.A12 != 1 || !near(c.P, 0.1, 1e-9) {
		t.Errorf("%+v, want U 0, A12 1, p 0.1", c)
	}
	// Ties count half: A = {1, 2}, B = {2, 10 censored}: pairs where A is
	// greater: (2 vs 2) half; U = 0.5, A12 = 1 - 0.5/4 = 0.875.
	c, err = Compare(found(1, 2), append(found(2), censored(1, 10)...))
	if err != nil {
		t.Fatal(err)
	}
	if c.U != 0.5 || c.A12 != 0.875 {
		t.Errorf("%+v, want U 0.5, A12 0.875", c)
	}
}

func TestCompareCountsAnUnfoundTrialAfterEveryFind(t *testing.T) {
	// Ten finds at 9 s against ten trials that found nothing in 10 s.
	c, err := Compare(found(9, 9, 9, 9, 9, 9, 9, 9, 9, 9), censored(10, 10))
	if err != nil {
		t.Fatal(err)
	}
	if c.A12 != 1 || c.P >= 0.001 {
		t.Errorf("%+v, want A12 1 and p < 0.001", c)
	}
}

func TestCompareOfIdenticalSamplesIsNoDifference(t *testing.T) {
	c, err := Compare(censored(10, 10), censored(10, 10))
	if err != nil {
		t.Fatal(err)
	}
	if c.P != 1 || c.A12 != 0.5 {
		t.Errorf("%+v, want p 1 and A12 0.5", c)
	}
	if _, err := Compare(nil, censored(1, 1)); err != ErrNoTrials {
		t.Errorf("Compare of nothing: %v, want ErrNoTrials", err)
	}
}

func TestMagnitude(t *testing.T) {
	for a12, want := range map[float64]string{0.5: "negligible", 0.44: "small", 0.65: "medium", 0.71: "large", 0: "large", 0.29: "large", 0.36: "medium", 0.55: "negligible"} {
		if got := Magnitude(a12); got != want {
			t.Errorf("Magnitude(%v) = %q, want %q", a12, got, want)
		}
	}
}
