package oracle

import (
	"errors"
	"testing"
)

func TestContainTurnsPanicIntoPanicError(t *testing.T) {
	out, err := Contain("boom", []byte("{}"), func([]byte) ([]byte, error) { panic("kaboom") })
	var pe *PanicError
	if !errors.As(err, &pe) || !errors.Is(err, ErrPanic) {
		t.Fatalf("Contain on a panic: out %q, err %v; want a *PanicError", out, err)
	}
	if pe.Oracle != "boom" || pe.Value != "kaboom" || len(pe.Stack) == 0 {
		t.Errorf("PanicError = %+v", pe)
	}
}

func TestContainTurnsErrorIntoRefusal(t *testing.T) {
	_, err := Contain("strict", nil, func([]byte) ([]byte, error) { return nil, errors.New("bad input") })
	var re *RefusedError
	if !errors.As(err, &re) || !errors.Is(err, ErrRefused) || re.Reason != "bad input" {
		t.Fatalf("Contain on an error: %v; want a RefusedError with the reason", err)
	}
}

func TestContainNeverAliasesInput(t *testing.T) {
	input := []byte(`{"a":1}`)
	out, err := Contain("in-place", input, func(b []byte) ([]byte, error) {
		b[0] = '['
		return b, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if string(input) != `{"a":1}` {
		t.Errorf("the transform changed the caller's input to %q", input)
	}
	out[1] = 'x'
	if string(input) != `{"a":1}` {
		t.Errorf("the output aliases the input: %q", input)
	}
}

func TestNotInstalledErrorMatchesBoth(t *testing.T) {
	cause := errors.New("no node on PATH")
	err := error(&NotInstalledError{Oracle: "npm/x", Fix: "apt-get install nodejs", Err: cause})
	if !errors.Is(err, ErrNotInstalled) || !errors.Is(err, cause) {
		t.Errorf("%v matches neither ErrNotInstalled nor its cause", err)
	}
}
