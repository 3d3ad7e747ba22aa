package subprocess

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/internal/proctest"
)

func startFake(t *testing.T, mode string) *Client {
	t.Helper()
	c, err := Start(fakeConfig(t, mode))
	return proctest.Started(t, "Start("+mode+")", c, err)
}

func TestHelloGivesNameAndVersion(t *testing.T) {
	c := startFake(t, "serve")
	if c.Name() != "fake" || c.Version() != "1.0.0" {
		t.Errorf("hello gave %s@%s, want fake@1.0.0", c.Name(), c.Version())
	}
}

// TestEveryByteSurvivesTheRoundTrip sends all 256 byte values, ill-formed
// UTF-8 included, and expects them back exactly: base64 loses nothing.
func TestEveryByteSurvivesTheRoundTrip(t *testing.T) {
	c := startFake(t, "serve")
	input := make([]byte, 0, 512)
	for i := range 256 {
		input = append(input, byte(i), '\n')
	}
	for _, in := range [][]byte{input, {}, []byte("\xed\xa0\x80\xff")} {
		out, err := c.Canonicalize(in)
		if err != nil || !bytes.Equal(out, in) {
			t.Errorf("echo of %q: got %q, %v", in, out, err)
		}
	}
}

func TestRefusalIsRefusedError(t *testing.T) {
	c := startFake(t, "serve")
	_, err := c.Canonicalize([]byte("refuse"))
	var re *oracle.RefusedError
	if !errors.As(err, &re) || re.Reason != "refused on purpose" || re.Oracle != "fake" {
		t.Fatalf("refusal: %v; want an oracle.RefusedError from fake", err)
	}
	if c.Restarts() != 0 {
		t.Errorf("a refusal restarted the program")
	}
}

// TestMisbehaviourIsReportedAndSurvived checks each way a program can fail
// a request: the right sentinel on that request, then a restarted program
// that answers the next one.
func TestMisbehaviourIsReportedAndSurvived(t *testing.T) {
	cases := []struct {
		input  string
		kind   error
		stderr string // expected in the Failure's stderr
		exit   string // expected in the Failure's exit state
	}{
		{"crash", ErrCrashed, "fake: crashing on purpose", "exit status 3"},
		{"hang", ErrTimeout, "", "signal: killed"},
		{"garbage", ErrProtocol, "", "signal: killed"},
		{"wrong-id", ErrProtocol, "", "signal: killed"},
		{"no-output", ErrProtocol, "", "signal: killed"},
	}
	c := startFake(t, "serve")
	for i, tc := range cases {
		began := time.Now()
		_, err := c.Canonicalize([]byte(tc.input))
		var f *Failure
		if !errors.As(err, &f) || !errors.Is(err, tc.kind) {
			t.Fatalf("%s: got %v, want a Failure wrapping %v", tc.input, err, tc.kind)
		}
		if !strings.Contains(f.Stderr, tc.stderr) || !strings.Contains(f.Exit, tc.exit) {
			t.Errorf("%s: Failure %+v, want stderr %q and exit %q", tc.input, f, tc.stderr, tc.exit)
		}
		if f.Op != OpCanonicalize || f.Oracle != "fake" {
			t.Errorf("%s: Failure names op %q oracle %q", tc.input, f.Op, f.Oracle)
		}
		if took := time.Since(began); took > 4*time.Second {
			t.Errorf("%s: reported after %v", tc.input, took)
		}
		out, err := c.Canonicalize([]byte(`{}`))
		if err != nil || string(out) != `{}` {
			t.Fatalf("after %s: the next request got %q, %v", tc.input, out, err)
		}
		if c.Restarts() != i+1 {
			t.Errorf("after %s: %d restarts, want %d", tc.input, c.Restarts(), i+1)
		}
	}
}

func TestStartFailuresAreErrStart(t *testing.T) {
	for _, tc := range []struct{ mode, detail string }{
		{"exit", "fake: no library here"},
		{"mute", "no response"},
		{"nameless", "without a name"},
	} {
		c, err := Start(fakeConfig(t, tc.mode))
		if !errors.Is(err, ErrStart) || !strings.Contains(err.Error(), tc.detail) {
			t.Errorf("Start(%s) = %v, %v; want ErrStart mentioning %q", tc.mode, c, err, tc.detail)
		}
	}
	_, err := Start(Config{Command: "/nonexistent/oracle"})
	if !errors.Is(err, ErrStart) {
		t.Errorf("Start of a missing program: %v, want ErrStart", err)
	}
}

// TestRestartAsAnotherVersionIsErrStart: a program that comes back as
// something else must not be compared under the old name.
func TestRestartAsAnotherVersionIsErrStart(t *testing.T) {
	c := startFake(t, "drift")
	if _, err := c.Canonicalize([]byte("crash")); !errors.Is(err, ErrCrashed) {
		t.Fatalf("crash: %v", err)
	}
	_, err := c.Canonicalize([]byte(`{}`))
	if !errors.Is(err, ErrStart) || !strings.Contains(err.Error(), "restarted as") {
		t.Errorf("after a restart with a new version: %v, want ErrStart", err)
	}
}

func TestUnknownOpAnswersNotOK(t *testing.T) {
	c := startFake(t, "serve")
	if _, err := c.FormatNumbers([]float64{1}); err == nil || !strings.Contains(err.Error(), "unknown op") {
		t.Errorf("number on a server without it: %v", err)
	}
}

func TestClosedClientRefusesRequests(t *testing.T) {
	c, err := Start(fakeConfig(t, "serve"))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if _, err := c.Canonicalize([]byte(`{}`)); !errors.Is(err, oracle.ErrClosed) {
		t.Errorf("after Close: %v, want ErrClosed", err)
	}
}

// TestProgramThatStopsReadingTimesOut: a request larger than the pipe
// buffer, sent to a program that reads nothing, still ends at the timeout.
func TestProgramThatStopsReadingTimesOut(t *testing.T) {
	c := startFake(t, "deaf")
	began := time.Now()
	_, err := c.Canonicalize(bytes.Repeat([]byte("x"), 4<<20))
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("a 4 MiB request to a deaf program: %v, want ErrTimeout", err)
	}
	if took := time.Since(began); took > 4*time.Second {
		t.Errorf("timed out after %v, the timeout is 2s", took)
	}
}
