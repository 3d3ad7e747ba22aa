package planted

// EfficacyFaults are the planted faults the efficacy benchmark (`make
// efficacy`, docs/EFFICACY.md) runs the campaign against, by Name: every
// area (admit, jcs, digest, the four parts of bound, guard), in-process
// targets only (the Node targets' faults are found through their Go twins
// here), so that a run of the whole list stays within minutes.
var EfficacyFaults = []string{
	"FuzzScanMatchesReference/duplicates-admitted",
	"FuzzScanMatchesReference/offsets-one-byte-late",
	"FuzzScanMatchesReference/a-raw-del-in-a-string-refused",
	"FuzzReferenceMatchesJSONText/noncharacters-refused-under-rfc-8785",

	"FuzzCanonicalizeFixedPoint/last-duplicate-wins",
	"FuzzCanonicalizeMatchesJSONText/members-sorted-by-code-point",
	"FuzzCanonicalizeMatchesOracles/u+fffd-for-invalid-utf-8-and-lone-surrogates",
	"FuzzCanonicalizeGeneratedValue/members-sorted-by-code-point",
	"FuzzCompareUTF16MatchesReference/names-compared-by-code-point",
	"FuzzAppendNumberMatchesReference/go-s-g-format-for-numbers",
	"FuzzAppendStringMatchesReference/control-escapes-in-upper-case-hex",
	"FuzzAppendStringMatchesReference/del-escaped",
	"FuzzDecimalToFloatMatchesParseFloat/decided-with-two-roundings",

	"FuzzSumMatchesCanonicalize/digest-over-encoding-json",
	"FuzzDigestRequestInvariant/digest-over-encoding-json",
	"FuzzParseNeverPanics/the-refusal-s-type-lost",

	"FuzzGlobMatchesReference/star-crossing-slash",
	"FuzzArgumentCanonicalizationIdempotent/percent-decoded-once-not-to-a-fixed-point",
	"FuzzArgumentCanonicalization/path-normalized-before-percent-decoding",
	"FuzzMeetExactOnSpellings/operands-compared-before-canonicalizing",
	"FuzzMeetBoundsExact/arguments-one-rule-constrains-dropped",
	"FuzzParse/a-prefix-met-with-a-glob-keeps-the-prefix",

	"FuzzGuardForwardsOnlyWhatEveryParserReadsInside/original-bytes-forwarded-after-a-first-wins-check",
	"FuzzDecide/last-duplicate-wins-no-admission-encoding-json",
}
