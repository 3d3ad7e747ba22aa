package mutation

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"
)

type runResult struct {
	err      error
	timedOut bool
	out      []byte
	failed   []string
}

var failLine = regexp.MustCompile(`(?m)^--- FAIL: (\S+)`)

// runTests runs the named tests of a binary with the given mutant active
// (0: none), failing fast, within limit.
func runTests(b *Binary, names []string, mutant int, trace string, limit time.Duration) runResult {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = regexp.QuoteMeta(n)
	}
	cmd := exec.CommandContext(ctx, b.Path, "-test.run", "^("+strings.Join(quoted, "|")+")$",
		"-test.failfast", "-test.count=1", "-test.timeout="+(limit+time.Minute).String())
	cmd.Dir = b.Dir
	cmd.Env = append(os.Environ(), EnvMutant+"="+strconv.Itoa(mutant), EnvTrace+"="+trace)
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	r := runResult{err: err, out: out.Bytes(), timedOut: ctx.Err() != nil}
	for _, m := range failLine.FindAllSubmatch(r.out, -1) {
		r.failed = append(r.failed, b.Rel+"/"+string(m[1]))
	}
	return r
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}

func names(ts []*Test) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Name)
	}
	return out
}

var goErrorFile = regexp.MustCompile(`(?m)^(?:\./)?(\S+\.go):\d+:\d+: `)

// onlyTestFiles returns the files a build's errors are in when all of them
// are _test.go files, or nil.
func onlyTestFiles(out string) []string {
	seen := map[string]bool{}
	var files []string
	for _, m := range goErrorFile.FindAllStringSubmatch(out, -1) {
		if !strings.HasSuffix(m[1], "_test.go") {
			return nil
		}
		if !seen[m[1]] {
			seen[m[1]] = true
			files = append(files, m[1])
		}
	}
	return files
}

func ids(b *Binary, names []string) []string {
	var out []string
	for _, n := range names {
		out = append(out, b.Rel+"/"+n)
	}
	return out
}

func firstLines(b []byte, n int) string {
	var keep []string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "=== ") {
			continue
		}
		keep = append(keep, line)
		if len(keep) == n {
			break
		}
	}
	return strings.Join(keep, "\n")
}
