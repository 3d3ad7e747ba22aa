// Package gocmd runs the go command for the research tools that build and
// list the module's packages (the campaign, the mutation sweep and its
// fuzz score): one place that runs `go ARGS` in a folder and, when it
// fails, says which command it was and what the go command wrote to
// stderr, and one name for the test binaries they build.
package gocmd

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
)

// Output runs `go args...` in dir and returns what it wrote to stdout. If
// the command fails, the error names it ("go " and the args), wraps the
// cause (an *exec.ExitError, for one) and ends with the command's stderr.
func Output(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return stdout.Bytes(), nil
}

// TestBinary is the file name of pkg's test binary: the import path with
// every "/" and "." as "_", then ".test", so that the binaries of every
// package can share one folder.
func TestBinary(pkg string) string {
	return strings.NewReplacer("/", "_", ".", "_").Replace(pkg) + ".test"
}
