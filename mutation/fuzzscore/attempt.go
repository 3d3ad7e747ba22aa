package fuzzscore

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/canonfuzz/canonfuzz/campaign"
	"github.com/canonfuzz/canonfuzz/mutation"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// seedsEnv withholds every seed of a planted build's fuzz target
// (fuzz/native.SeedsEnv).
const seedsEnv = "CANONFUZZ_SEEDS=withheld"

// attempt fuzzes one target with the mutant on (num, 0 for a mutant built
// on its own in b) through the campaign, seeds withheld, and confirms and
// minimizes what it finds.
func (s *scorer) attempt(ctx context.Context, m *mutation.Mutant, num int, b *builds, t campaign.Job, trial int) Attempt {
	a := Attempt{Target: t.Name, Package: t.Package}
	work := filepath.Join(s.cfg.Work, "runs", strconv.Itoa(m.Num), strconv.Itoa(trial), t.Name)
	if err := os.RemoveAll(work); err != nil {
		a.Status, a.Detail = AttemptError, err.Error()
		return a
	}
	env := []string{seedsEnv, mutation.EnvMutant + "=" + strconv.Itoa(num)}
	cc := campaign.Config{
		Root: s.cfg.Root, Targets: []string{t.Name}, Time: s.cfg.Budget, Grace: max(30*time.Second, s.cfg.Budget),
		Workers: 1, Workdir: work, Env: env, Seeds: campaign.SeedsWithheld, Scratch: true,
		Discovered: &campaign.Discovery{Targets: []campaign.Job{t}, Binaries: map[string]string{t.Package: b.fuzz[t.Package]}},
		SeedValues: func(campaign.Job) ([]seeds.Seed, error) { return nil, nil },
	}
	rep, err := campaign.Run(ctx, cc)
	if err != nil {
		a.Status, a.Detail = AttemptError, err.Error()
		return a
	}
	res := rep.Results[0]
	a.Seconds, a.Execs, a.Log, a.Detail = res.Seconds, res.Execs, res.Log, res.Detail
	switch res.Status {
	case campaign.StatusOK:
		a.Status = AttemptSurvived
	case campaign.StatusHung:
		a.Status = AttemptTimeout
	case campaign.StatusOverran:
		a.Status = AttemptOverran
	case campaign.StatusFailed:
		f := res.Failures[0]
		a.Seconds, a.Execs, a.Input = f.Seconds, f.Execs, f.Copy
		s.confirm(ctx, &a, m, num, b, t, work)
	default:
		a.Status = AttemptCrashed
	}
	return a
}

// confirm replays the failing input on the unmutated schema build, then
// with the mutant on within the sweep's limit on that baseline
// (mutation.Options.Limit: a replay past it is a Timeout, as a batch of
// tests is); only a failure with the mutant and a pass without it is a
// kill, which is then minimized under its signature.
func (s *scorer) confirm(ctx context.Context, a *Attempt, m *mutation.Mutant, num int, b *builds, t campaign.Job, work string) {
	dir := filepath.Join(work, "replay")
	without := replay(ctx, s.schema.fuzz[t.Package], t.Name, a.Input, dir, 0, s.cfg.Replay)
	with := replay(ctx, b.fuzz[t.Package], t.Name, a.Input, dir, num, s.sweep.Opts.Limit(without.took))
	a.Status, a.Detail = classify(with, without)
	if a.Status != AttemptKilled {
		return
	}
	canonfuzz, err := b.minimizer(ctx)
	if err != nil {
		a.Detail = "confirmed; not minimized: " + err.Error() + "\n" + a.Detail
		return
	}
	v, err := minimizeKill(ctx, canonfuzz, num, t.Name, a.Input, filepath.Join(s.cfg.Work, "findings", strconv.Itoa(m.Num)), m.ID, s.cfg.Minimize)
	if err != nil {
		a.Detail = "confirmed; not minimized: " + err.Error() + "\n" + a.Detail
		return
	}
	a.Signature, a.MinimizedBytes, a.Vector = v.signature, v.bytes, v.path
	a.Detail = "confirmed: fails with the mutant, passes unmutated; minimized to " + strconv.Itoa(v.bytes) + " bytes under " + v.signature
}

// classify judges a failing input from its two replays: a kill only when
// it fails with the mutant on and passes on the unmutated build; a Timeout
// when it runs past its limit with the mutant on and the unmutated build
// passes it; an input the unmutated build fails or hangs on is no
// detection of the mutant.
func classify(with, without replayed) (status, detail string) {
	switch {
	case with.err != nil:
		return AttemptError, "replay with the mutant: " + with.err.Error()
	case without.err != nil:
		return AttemptError, "replay unmutated: " + without.err.Error()
	case without.timedOut:
		return AttemptFailsUnmutated, fmt.Sprintf("the unmutated build hangs on the input too: its replay ran past %s", without.limit)
	case without.failed:
		return AttemptFailsUnmutated, "the unmutated build fails the input too:\n" + without.out
	case with.timedOut:
		return AttemptTimeout, fmt.Sprintf("the input hangs with the mutant on: its replay ran past %s; the unmutated build passed it in %.1fs",
			with.limit, without.took.Seconds())
	case !with.failed:
		return AttemptNotReproduced, "the input passes when replayed with the mutant on"
	}
	return AttemptKilled, with.out
}
