package proctest

import (
	"os"
	"testing"
)

// A test that needs a process to talk to (a fake oracle, a fake server)
// re-executes its own test binary with an environment variable set; the
// binary's TestMain then serves as that process instead of running the
// tests.

// Main is a TestMain for such a binary: with env set it runs serve with
// env's value and exits with serve's status; otherwise it runs the tests.
func Main(m *testing.M, env string, serve func(mode string) int) {
	if mode, ok := os.LookupEnv(env); ok {
		os.Exit(serve(mode))
	}
	os.Exit(m.Run())
}

// Self is the command line and environment that re-execute the running
// test binary as the process Main serves under env=mode: the binary, the
// arguments that run no test, and this process's environment with env set.
func Self(t testing.TB, env, mode string) (exe string, args, environ []string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe, []string{"-test.run=^$"}, append(os.Environ(), env+"="+mode)
}
