package matrix

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
	"github.com/canonfuzz/canonfuzz/internal/proctest"
)

// fakeEnv makes the test binary a protocol server (see TestMain).
const fakeEnv = "CANONFUZZ_MATRIX_FAKE"

func TestMain(m *testing.M) { proctest.Main(m, fakeEnv, serveFake) }

// serveFake serves, in mode "echo", a canonicalizer that answers with its
// input except that it exits on "crash"; in mode "guard", a guard that
// admits when the params contain "admit" and exits on "crash".
func serveFake(mode string) int {
	s := subprocess.Server{Name: "fake-" + mode, Version: "1"}
	switch mode {
	case "echo":
		s.Canonicalize = func(in []byte) ([]byte, error) {
			if string(in) == "crash" {
				os.Exit(3)
			}
			if string(in) == "refuse" {
				return nil, errors.New("refused")
			}
			return in, nil
		}
	case "guard":
		s.Check = func(prov, params []byte) (bool, string, error) {
			if strings.Contains(string(params), "crash") {
				os.Exit(3)
			}
			if strings.Contains(string(params), "raise") {
				return false, "", errors.New("raised")
			}
			return strings.Contains(string(params), "admit"), "", nil
		}
	}
	if err := subprocess.Serve(os.Stdin, os.Stdout, s); err != nil {
		return 1
	}
	return 0
}

// fakeImplFlag is an --impl flag that runs this test binary as a server.
func fakeImplFlag(t *testing.T, name, mode string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakeEnv, mode)
	return fmt.Sprintf("%s=%q -test.run='^$'", name, exe)
}

// canon is an in-process fake canonicalizer.
type canon struct {
	name string
	f    func([]byte) ([]byte, error)
}

func (c canon) Name() string    { return c.name }
func (c canon) Version() string { return "0" }
func (c canon) Close() error    { return nil }
func (c canon) Canonicalize(in []byte) ([]byte, error) {
	out, err := c.f(in)
	if err != nil {
		return nil, oracle.Refused(c.name, err)
	}
	return out, nil
}
