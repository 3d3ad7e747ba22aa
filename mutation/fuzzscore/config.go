package fuzzscore

import (
	"io"
	"time"
)

// Config says how the fuzz targets judge the sweep's mutants.
type Config struct {
	Root     string        // the module root
	Work     string        // fuzz binaries, scratch folders, logs, vectors
	Budget   time.Duration // fuzzing time per target and trial; default 10 s
	Trials   int           // independent runs of every mutant; default 1
	Workers  int           // mutants fuzzed at once, one fuzzing process each; default 2
	Minimize time.Duration // bound of each kill's minimization; default 10 s
	Replay   time.Duration // bound of the unmutated replay of a failing input (the mutant's is the sweep's Limit on its time); default 1 min
	Log      io.Writer     // a line per attempt; nil is quiet
	// Now is the clock of the progress lines; nil is time.Now.
	Now func() time.Time
}

func (c Config) withDefaults() Config {
	if c.Budget <= 0 {
		c.Budget = 10 * time.Second
	}
	c.Trials = max(c.Trials, 1)
	if c.Workers <= 0 {
		c.Workers = 2
	}
	if c.Minimize <= 0 {
		c.Minimize = 10 * time.Second
	}
	if c.Replay <= 0 {
		c.Replay = time.Minute
	}
	return c
}
