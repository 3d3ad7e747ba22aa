package fuzzscore

import "time"

// What became of one fuzz target's run on a mutant.
const (
	AttemptKilled         = "killed"          // a failing input, confirmed: fails with the mutant, passes without
	AttemptSurvived       = "survived"        // fuzzed for the budget, no failing input
	AttemptFailsUnmutated = "fails-unmutated" // the unmutated build fails the input too: no kill (a fault of the target, or a flaky property)
	AttemptNotReproduced  = "not-reproduced"  // the input passes when replayed with the mutant on: no kill
	AttemptTimeout        = "timeout"         // the target hung: the fuzzing process ran past its budget or stood still past it, or a replay ran past its limit: no kill
	AttemptCrashed        = "crashed"         // the fuzzing process exited without a failing input: no kill
	AttemptOverran        = "overran"         // the engine said its deadline passed and named no input: no kill
	AttemptError          = "error"           // the attempt could not run (a build, an I/O error)
)

// Attempt is one fuzz target's run on one mutant in one trial.
type Attempt struct {
	Target         string  `json:"target"`
	Package        string  `json:"package"`
	Status         string  `json:"status"`
	Seconds        float64 `json:"seconds"`    // to the failure, or the run's length
	Execs          int64   `json:"executions"` // to the failure, or the run's
	Input          string  `json:"input,omitempty"`
	Signature      string  `json:"signature,omitempty"` // of the minimized input, with the mutant on
	MinimizedBytes int     `json:"minimized_bytes,omitempty"`
	Vector         string  `json:"vector,omitempty"`
	Detail         string  `json:"detail,omitempty"`
	Log            string  `json:"log,omitempty"`
}

// Trial is one independent run of a mutant: its reaching targets fuzzed
// one after another until one kills it.
type Trial struct {
	Trial    int       `json:"trial"`
	Killed   bool      `json:"killed"`
	KilledBy string    `json:"killed_by,omitempty"`
	Seconds  float64   `json:"seconds_to_kill,omitempty"` // the killing target's, from its start
	Execs    int64     `json:"executions_to_kill,omitempty"`
	Wall     float64   `json:"wall_seconds"` // every target tried, fuzzing and confirming
	Attempts []Attempt `json:"attempts"`
}

// Mutant is the fuzzers' verdict on one mutant, beside the tests'.
type Mutant struct {
	ID       string `json:"id"`
	Kind     string `json:"kind"`
	Operator string `json:"operator"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	// Status is the mutant's status in report.json: Killed when a trial
	// killed it, else Timeout when a target hung in a trial, else
	// Survived, NoCoverage (no fuzz target's seed replay reaches it),
	// RuntimeError (every trial ended in a crash or an error),
	// CompileError or Ignored as the sweep judged it.
	Status        string   `json:"status"`
	Reason        string   `json:"reason,omitempty"`
	Reaching      []string `json:"targets_reaching"`
	Found         int      `json:"found"`     // trials that killed it
	TimedOut      int      `json:"timed_out"` // trials in which a target hung and none killed it
	TestsStatus   string   `json:"tests_status"`
	TestsKilledBy []string `json:"tests_killed_by,omitempty"`
	Trials        []Trial  `json:"trials"`
}

// Score is fuzz-score.json.
type Score struct {
	Started     time.Time `json:"started"`
	Seconds     float64   `json:"seconds"`
	Command     string    `json:"command,omitempty"`
	Load        string    `json:"load,omitempty"` // /proc/loadavg at the start and the end
	CPUs        int       `json:"cpus"`
	Budget      float64   `json:"budget_seconds"`
	TrialsEach  int       `json:"trials"`
	Fuzz        Tally     `json:"fuzz"`
	Tests       Tally     `json:"tests"`
	BlindSpots  []string  `json:"blind_spots"` // killed by the tests, not by the fuzzers
	FuzzOnly    []string  `json:"fuzz_only"`   // detected by the fuzzers (killed or timed out), not by the tests
	Unconfirmed []string  `json:"unconfirmed"` // a failing input the unmutated build fails too
	Mutants     []*Mutant `json:"mutants"`
}

// Tally counts one side's verdicts on the mutants both judged: Stryker's
// score, detected (killed + timed out) over valid (detected + survived +
// no coverage); mutants that could not be judged (a crash, a compile
// error, an equivalent) are in neither.
type Tally struct {
	Killed  int     `json:"killed"`
	Timeout int     `json:"timeout"` // detected by a hang, not killed
	Valid   int     `json:"valid"`
	Score   float64 `json:"score_percent"`
	Invalid int     `json:"not_judged"`
}
