package libfuzzercompare

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/planted"
)

// Check panics with the variant's signature, and only where it has one;
// every variant minimize lists has an entry point's name (fuzz.go).
func TestCheck(t *testing.T) {
	if got := Check("LastWins", []byte(`{"a":[1,"\ud83d\ude00"]}`)); got != 0 {
		t.Errorf("Check on sound input = %d", got)
	}
	defer func() {
		if r := recover(); r != "planted:EncodingJSON:admits:StringNotScalar" {
			t.Errorf("Check panicked with %v", r)
		}
	}()
	if len(planted.Fixtures()) != 4 {
		t.Errorf("variants %v: fuzz.go has four entry points", planted.Fixtures())
	}
	Check("EncodingJSON", []byte(`["\udc00"]`))
	t.Error("Check did not panic")
}
