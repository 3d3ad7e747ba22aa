package property

import (
	"errors"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// TestScanMatchesReferenceComparesTheReason: admit.Scan passes on inputs
// that end inside an escape and a \u escape, and a scanner that refuses
// them as input ending inside a string, at the same offset with the same
// kind (the refusal the string loop gives when the escape's own check is
// gone, jsonwire.ReadEscape and hex4), is a SET:reason:Syntax violation.
func TestScanMatchesReferenceComparesTheReason(t *testing.T) {
	inputs := []string{`"\`, `["\u12`, `{"a":"\`}
	for _, in := range inputs {
		if v := ScanMatchesReference(admit.Scan, []byte(in)); v != nil {
			t.Errorf("admit.Scan(%q): %v", in, v)
		}
	}
	asStringEnd := func(in []byte, opts admit.Options) error {
		err := admit.Scan(in, opts)
		var e *admit.Error
		if errors.As(err, &e) && (e.Reason == admit.WantEscape || e.Reason == admit.WantHexDigit) {
			wrong := *e
			wrong.Reason = admit.WantStringEnd
			return &wrong
		}
		return err
	}
	for _, in := range inputs {
		v := ScanMatchesReference(asStringEnd, []byte(in))
		if v == nil || !strings.HasSuffix(v.Class, ":reason:Syntax") {
			t.Errorf("input ending inside an escape refused as inside a string, on %q: %v, want a reason violation", in, v)
		}
	}
}
