package gocmd

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"
)

// TestOutputReturnsStdout: a command that succeeds gives what it wrote to
// stdout, and only that.
func TestOutputReturnsStdout(t *testing.T) {
	out, err := Output(context.Background(), ".", "list", "-f", "{{.Name}}", ".")
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != "gocmd\n" {
		t.Fatalf("go list printed %q, want %q", out, "gocmd\n")
	}
}

// TestOutputNamesTheCommandAndItsStderr: a failing command's error names
// the command, wraps the *exec.ExitError and ends with what go wrote to
// stderr, which is what a person needs to see why a build failed.
func TestOutputNamesTheCommandAndItsStderr(t *testing.T) {
	out, err := Output(context.Background(), ".", "list", "./no-such-folder")
	if err == nil {
		t.Fatalf("go list of a missing folder succeeded: %q", out)
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		t.Errorf("%v does not wrap an *exec.ExitError", err)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "go list ./no-such-folder: ") {
		t.Errorf("%q does not begin with the command", msg)
	}
	if _, stderr, ok := strings.Cut(msg, "\n"); !ok || !strings.Contains(stderr, "no-such-folder") {
		t.Errorf("%q does not end with go's stderr", msg)
	}
}

func TestTestBinary(t *testing.T) {
	for pkg, want := range map[string]string{
		"github.com/canonfuzz/canonfuzz/targets/admit": "github_com_canonfuzz_canonfuzz_targets_admit.test",
		"example.com/a.b/c":                            "example_com_a_b_c.test",
	} {
		if got := TestBinary(pkg); got != want {
			t.Errorf("TestBinary(%q) = %q, want %q", pkg, got, want)
		}
	}
}
