// Package fuzzstats reads fuzzing trials as FuzzBench and the SoK
// "Evaluating fuzzers" guidelines (S&P 2024) ask them read: time to a bug
// as censored survival data, and configurations compared by a
// significance test and an effect size, never by one run's number.
//
//   - Survival: the Kaplan-Meier estimate of the probability that a bug
//     is still unfound at time t, a trial that found nothing within its
//     budget censored at the budget (Kaplan and Meier 1958); the
//     median time to the bug with a 95% interval by Brookmeyer and
//     Crowley (1982) over the log-log pointwise band with Greenwood's
//     variance (Kalbfleisch and Prentice 1980; R's survfit with
//     conf.type = "log-log").
//   - Comparison: the two-sided Mann-Whitney U test (go-moremath's
//     stats.MannWhitneyUTest) on the times to the bug, an unfound
//     trial counted at its budget (after every find), and the
//     Vargha-Delaney A12 effect size (Vargha and Delaney 2000): the
//     probability that a trial of the first configuration finds the bug
//     sooner than one of the second, ties counted as half.
//   - Plots: the Kaplan-Meier curves as SVG (gonum.org/v1/plot), inline
//     in a self-contained report.html.
//
// The trials come from the efficacy benchmark's efficacy.json (a planted
// fault a unit, a run a trial) and the fuzz score's fuzz-score.json (a
// mutant a unit); a file is one configuration, or one per engine, seed
// mode, reading and budget it holds. See docs/EFFICACY.md.
package fuzzstats
