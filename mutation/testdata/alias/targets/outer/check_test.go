package outer

import (
	"errors"
	"testing"
)

func TestShort(t *testing.T) {
	if err := Check("a"); !errors.Is(err, Short) {
		t.Fatalf("Check(a) = %v, want Short", err)
	}
}
