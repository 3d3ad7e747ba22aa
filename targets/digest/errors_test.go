package digest

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// A request admission refused and one this package refused are told apart
// by type, as the command line, the fuzz properties and the minimizer's
// verdicts do: one positioned error underneath, two Go types.
func TestRefusalsAreToldApartByType(t *testing.T) {
	var ae *admit.Error
	var de *Error
	_, err := Parse([]byte(`[1]`), admit.Options{})
	if !errors.As(err, &de) || errors.As(err, &ae) || !errors.Is(err, NotObject) {
		t.Errorf("Parse([1]) = %T %v, want a *digest.Error and no *admit.Error", err, err)
	}
	if want := `digest: NotObject at byte 0: the request is not a JSON object`; err == nil || err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	_, err = Parse([]byte(`{"a":1,"a":2}`), admit.Options{})
	if !errors.As(err, &ae) || errors.As(err, &de) || !errors.Is(err, admit.DuplicateMember) {
		t.Errorf("a duplicate member = %T %v, want an *admit.Error and no *digest.Error", err, err)
	}
}
