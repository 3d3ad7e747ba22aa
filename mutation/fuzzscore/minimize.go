package fuzzscore

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"time"

	"github.com/canonfuzz/canonfuzz/mutation"
)

// vector is what canonfuzz minimize made of a kill.
type vector struct {
	signature string
	bytes     int
	path      string
}

// minimizedLine is canonfuzz minimize's line for a recorded input:
// PATH (FORMAT): SIGNATURE: N -> M bytes in D (T tries), new vector PATH.
var minimizedLine = regexp.MustCompile(`(?m)^.* \([^)]*\): (.+): (\d+) -> (\d+) bytes in .*, (?:new|repeat) vector (\S+)$`)

// minimizeKill minimizes a confirmed kill's input under its signature
// with the mutant on, by the canonfuzz command built with the same
// overlay (the mutant lives in that build, not in this process), and
// records the vector under out; canonfuzz minimize fails when the
// signature is not kept.
func minimizeKill(ctx context.Context, canonfuzz string, num int, target, input, out, id string, limit time.Duration) (vector, error) {
	ctx, cancel := context.WithTimeout(ctx, limit+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, canonfuzz, "minimize", "--target", target, "--time", limit.String(), "--out", out,
		"--comment", "refusal-site mutant "+id+", found with the seeds withheld", input)
	cmd.Env = append(os.Environ(), mutation.EnvMutant+"="+strconv.Itoa(num))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return vector{}, fmt.Errorf("canonfuzz minimize: %v: %s%s", err, stdout.String(), tail(stderr.String(), 500))
	}
	sm := minimizedLine.FindStringSubmatch(stdout.String())
	if sm == nil {
		return vector{}, fmt.Errorf("canonfuzz minimize: no vector in its output: %s", stdout.String())
	}
	n, _ := strconv.Atoi(sm[3])
	return vector{signature: sm[1], bytes: n, path: sm[4]}, nil
}
