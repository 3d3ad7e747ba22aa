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

// FuzzReadingsRefuseAmbiguousQuery: under each reading, a value with a
// query or fragment after a dot segment admits nothing when the
// query-in-path layer is on.
func FuzzReadingsRefuseAmbiguousQuery(f *testing.F) { native.Fuzz(f) }
