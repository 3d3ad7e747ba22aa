package planted

import (
	"fmt"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/jsontext"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// The real bugs of the differential study (docs/STUDY.md, findings/study):
// not planted, but the libraries as released, each with the one departure
// the study pinned, for FuzzLibraryMatchesJCS to rediscover from an empty
// corpus with our canonicalizer as the oracle (docs/EFFICACY.md, "Real
// bugs rediscovered").
var (
	// JSONTextLargestDouble: go-json-experiment/jsontext's
	// Value.Canonicalize writes a number past the largest double, such as
	// 1e400, as 1.7976931348623157e+308
	// (findings/study/go-json-experiment-jsontext/admits-numbernotfinite-*).
	JSONTextLargestDouble = property.Departure{Library: goLibrary(jsontext.New()),
		Departs: property.WritesWhereRefused(admit.NumberNotFinite, property.WritesLargestDouble)}
	// CyberphoneReplacement: cyberphone's Go jsoncanonicalizer writes
	// U+FFFD for a lone surrogate escape
	// (findings/study/cyberphone-jsoncanonicalizer/admits-stringnotscalar-*).
	CyberphoneReplacement = property.Departure{Library: goLibrary(cyberphone.New()),
		Departs: property.WritesWhereRefused(admit.StringNotScalar, property.WritesReplacement)}
	// CyberphoneInvalidUTF8: the same library passes ill-formed UTF-8
	// through to its output (fuzz/oracle/README.md's edge vectors: FF, and
	// the UTF-8 of a surrogate).
	CyberphoneInvalidUTF8 = property.Departure{Library: goLibrary(cyberphone.New()),
		Departs: property.WritesWhereRefused(admit.StringNotScalar, property.WritesInvalidUTF8)}
	// CyberphoneNumberToken: the same library writes number tokens RFC
	// 8259 does not have, such as .0
	// (findings/study/cyberphone-jsoncanonicalizer/admits-syntax-*).
	CyberphoneNumberToken = property.Departure{Library: goLibrary(cyberphone.New()),
		Departs: property.NumberTokenAccepted}
	// CanonicalizeLastWins: npm canonicalize (JSON.parse) keeps the last
	// of two members of one name
	// (findings/study/npm-canonicalize-5-1-0/admits-duplicatemember-*).
	CanonicalizeLastWins = property.Departure{Library: npmCanonicalize,
		Departs: property.WritesWhereRefused(admit.DuplicateMember, property.Always)}
)

func goLibrary(c oracle.Canonicalizer) func() (oracle.Canonicalizer, error) {
	return func() (oracle.Canonicalizer, error) { return c, nil }
}

// npmCanonicalize is the shared Node oracle of npm canonicalize, started
// on first use.
func npmCanonicalize() (oracle.Canonicalizer, error) {
	all, err := installed.Node()
	if err != nil {
		return nil, err
	}
	for _, o := range all {
		if o.Name() == "npm/canonicalize" {
			return o, nil
		}
	}
	return nil, fmt.Errorf("planted: no npm/canonicalize among the Node oracles")
}
