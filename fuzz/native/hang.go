package native

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// InputLimitEnv names the environment variable that sets the per-input
// limit (a Go duration, "10s"). Set, it also arms the watchdog outside
// fuzzing: the fuzz-mutation pipeline replays a failing input with it, so
// that a hang comes back as one.
const InputLimitEnv = "CANONFUZZ_INPUT_LIMIT"

// HangMarker begins the line the watchdog writes before it ends the
// process: the sign, in a fuzzing log or a replay's output, that an input
// hung rather than failed its property.
const HangMarker = "canonfuzz: hang:"

// Go's engine has no per-input time limit (golang/go#48157): a target that
// loops on one input keeps its worker busy until -test.fuzztime ends, and
// the run then passes, as if nothing were found. libFuzzer (-timeout) and
// go-fuzz (-timeout, 10 s by default) report such an input as a crash; the
// watchdog does the same for the native engine. While fuzzing, an input
// that runs longer than the limit (InputLimitEnv, else a quarter of
// -test.fuzztime between 1 s and 10 s, so that a hang is seen within the
// budget and a loaded machine, ten times slower, does not make one) ends
// the worker process: the engine then reports "fuzzing process hung or
// terminated unexpectedly" and writes the input as a failing one.
var watchdog struct {
	once    sync.Once
	limit   time.Duration // 0: not armed
	started atomic.Int64  // unix nanoseconds the running input started; 0 between inputs
}

// guardInput runs one input under the watchdog, arming it on first use.
func guardInput(run func()) {
	watchdog.once.Do(armWatchdog)
	if watchdog.limit == 0 {
		run()
		return
	}
	watchdog.started.Store(time.Now().UnixNano())
	defer watchdog.started.Store(0)
	run()
}

// armWatchdog reads the limit and starts the goroutine that checks the
// running input four times a limit.
func armWatchdog() {
	watchdog.limit = inputLimit(os.Getenv(InputLimitEnv), flagValue("test.fuzz"), flagValue("test.fuzztime"))
	if watchdog.limit == 0 {
		return
	}
	go func() {
		for range time.Tick(watchdog.limit / 4) {
			if s := watchdog.started.Load(); s != 0 {
				if ran := time.Since(time.Unix(0, s)); ran > watchdog.limit {
					hang(ran)
				}
			}
		}
	}()
}

// inputLimit is the watchdog's limit from the environment's value and the
// fuzzing flags; 0 leaves it unarmed (not fuzzing, nothing set). A value
// the environment gives that is no positive duration is refused loudly,
// never taken as no limit.
func inputLimit(env, fuzz, fuzztime string) time.Duration {
	if env != "" {
		d, err := time.ParseDuration(env)
		if err != nil || d <= 0 {
			fmt.Fprintf(os.Stderr, "native: %s=%q is not a positive duration\n", InputLimitEnv, env)
			os.Exit(2)
		}
		return d
	}
	if fuzz == "" {
		return 0
	}
	budget, err := time.ParseDuration(fuzztime)
	if err != nil || budget <= 0 {
		return 10 * time.Second // a count of executions, or no budget
	}
	return min(max(budget/4, time.Second), 10*time.Second)
}

// hang writes the marker and every goroutine's stack, then ends the
// process as a crash does.
func hang(ran time.Duration) {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	fmt.Fprintf(os.Stderr, "%s one input has run %s, past the per-input limit of %s (%s)\n%s\n", HangMarker, ran.Round(time.Millisecond), watchdog.limit, InputLimitEnv, buf)
	os.Exit(2)
}

// flagValue is the value of a registered flag, or "".
func flagValue(name string) string {
	if f := flag.Lookup(name); f != nil {
		return f.Value.String()
	}
	return ""
}
