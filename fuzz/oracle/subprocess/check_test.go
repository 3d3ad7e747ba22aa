package subprocess

import (
	"errors"
	"testing"
)

// TestCheckCarriesBothOperandsAndTheDecision: the decision comes back as
// sent, and the params bytes (ill-formed UTF-8 and a newline included)
// arrive exactly.
func TestCheckCarriesBothOperandsAndTheDecision(t *testing.T) {
	c := startFake(t, "serve")
	if c.Protocol() != ProtocolVersion {
		t.Fatalf("protocol %d, want %d", c.Protocol(), ProtocolVersion)
	}
	params := "{\"name\":\"x\"}\n\xff"
	for _, tc := range []struct {
		prov  string
		admit bool
	}{{"admit", true}, {"deny", false}} {
		admit, reason, err := c.Check([]byte(tc.prov), []byte(params))
		if err != nil || admit != tc.admit || reason != *Encode([]byte(params)) {
			t.Errorf("check %s: %v %q %v", tc.prov, admit, reason, err)
		}
	}
}

func TestCheckFaults(t *testing.T) {
	c := startFake(t, "serve")
	_, _, err := c.Check([]byte("unreadable"), nil)
	var ue *UndecidedError
	if !errors.As(err, &ue) || !errors.Is(err, ErrUndecided) || ue.Reason != "cannot read unreadable" {
		t.Errorf("ok-false check: %v, want an UndecidedError", err)
	}
	if _, _, err := c.Check([]byte("maybe"), nil); !errors.Is(err, ErrProtocol) {
		t.Errorf("decision maybe: %v, want ErrProtocol", err)
	}
	if _, _, err := c.Check([]byte("crash"), nil); !errors.Is(err, ErrCrashed) {
		t.Errorf("crash: %v, want ErrCrashed", err)
	}
	if admit, _, err := c.Check([]byte("admit"), nil); err != nil || !admit {
		t.Errorf("after a crash the restarted guard answered %v, %v", admit, err)
	}
}

// TestProtocolOneIsStillServed: a program that answers hello with 1
// canonicalizes as before, and check is refused without being sent.
func TestProtocolOneIsStillServed(t *testing.T) {
	c := startFake(t, "v1")
	if c.Protocol() != 1 {
		t.Fatalf("protocol %d, want 1", c.Protocol())
	}
	if out, err := c.Canonicalize([]byte(`{}`)); err != nil || string(out) != `{}` {
		t.Errorf("canonicalize under protocol 1: %q, %v", out, err)
	}
	if _, _, err := c.Check([]byte("admit"), nil); !errors.Is(err, ErrNoCheck) {
		t.Errorf("check under protocol 1: %v, want ErrNoCheck", err)
	}
	if c.Restarts() != 0 {
		t.Errorf("refusing check restarted the program")
	}
	if _, err := Start(fakeConfig(t, "v9")); !errors.Is(err, ErrStart) {
		t.Errorf("hello with protocol 9: %v, want ErrStart", err)
	}
}
