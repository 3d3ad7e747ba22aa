package boundfuzz

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/native"
)

// FuzzParse: a provenance object parses, marshals and meets as SEP-3246
// says, on any bytes.
func FuzzParse(f *testing.F) { native.Fuzz(f) }

// FuzzReadingsReadProvenanceAsDocumented: each reading refuses a
// provenance object as the reference reader under its rules does.
func FuzzReadingsReadProvenanceAsDocumented(f *testing.F) { native.Fuzz(f) }
