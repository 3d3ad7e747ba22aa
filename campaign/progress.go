package campaign

import (
	"regexp"
	"strconv"
	"time"
)

// Progress is what one line of the Go fuzzing engine's output says:
//
//	fuzz: elapsed: 6s, execs: 58311 (19437/sec), new interesting: 3 (total: 351)
type Progress struct {
	Elapsed        time.Duration
	Execs          int64
	NewInteresting int
	CorpusTotal    int
}

var (
	progressLine = regexp.MustCompile(`^fuzz: elapsed: ([0-9hms.]+), execs: ([0-9]+) \([0-9]+/sec\)(?:, new interesting: ([0-9]+) \(total: ([0-9]+)\))?`)
	failingInput = regexp.MustCompile(`Failing input written to (\S+)`)
)

// parseProgress reads a progress line, reporting whether it was one.
func parseProgress(line string) (Progress, bool) {
	m := progressLine.FindStringSubmatch(line)
	if m == nil {
		return Progress{}, false
	}
	var p Progress
	p.Elapsed, _ = time.ParseDuration(m[1])
	p.Execs, _ = strconv.ParseInt(m[2], 10, 64)
	if m[3] != "" {
		p.NewInteresting, _ = strconv.Atoi(m[3])
		p.CorpusTotal, _ = strconv.Atoi(m[4])
	}
	return p, true
}

// parseFailingInput returns the path of a failing input the engine wrote,
// relative to the package directory.
func parseFailingInput(line string) (string, bool) {
	m := failingInput.FindStringSubmatch(line)
	if m == nil {
		return "", false
	}
	return m[1], true
}
