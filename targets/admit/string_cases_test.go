package admit_test

import "github.com/canonfuzz/canonfuzz/targets/admit"

// stringCases: strings that are not sequences of Unicode scalar values
// (RFC 8785 section 3.1, RFC 7493 section 2.1), and raw control bytes
// (RFC 8259 section 7).
var stringCases = refused(admit.StringNotScalar, rfc8785,
	fault{"raw-nul", "\"", "\x00\""},
	fault{"raw-unit-separator", "\"a", "\x1f\""},
	fault{"raw-tab", "\"", "\t\""},
	fault{"raw-newline", "[\"a", "\n\"]"},
	fault{"raw-control-in-name", "{\"", "\x01\":1}"},
	fault{"overlong-slash-two-bytes", "\"", "\xC0\xAF\""},
	fault{"overlong-two-bytes-max", "\"", "\xC1\xBF\""},
	fault{"overlong-slash-three-bytes", "\"", "\xE0\x80\xAF\""},
	fault{"overlong-slash-four-bytes", "\"", "\xF0\x80\x80\xAF\""},
	fault{"utf8-high-surrogate", "\"", "\xED\xA0\x80\""},
	fault{"utf8-low-surrogate", "\"a", "\xED\xBF\xBF\""},
	fault{"utf8-surrogate-pair-cesu", "\"", "\xED\xA0\xBD\xED\xB8\x80\""},
	fault{"utf8-surrogate-in-name", "{\"", "\xED\xB0\x80\":1}"},
	fault{"truncated-two-byte", "\"", "\xC3\""},
	fault{"truncated-three-byte", "\"", "\xE2\x82\""},
	fault{"truncated-four-byte", "\"x", "\xF0\x9F\x98\""},
	fault{"stray-continuation", "\"", "\x80\""},
	fault{"stray-continuation-after-text", "\"a", "\xBF\""},
	fault{"continuation-after-complete-sequence", "\"\xC3\xA9", "\xA9\""},
	fault{"above-max-scalar", "\"", "\xF4\x90\x80\x80\""},
	fault{"f5-lead-byte", "\"", "\xF5\x80\x80\x80\""},
	fault{"ff-byte", "\"", "\xFF\""},
	fault{"fe-byte-in-name", "{\"a", "\xFE\":1}"},
	fault{"lone-high-surrogate", "\"", "\\uD800\""},
	fault{"lone-low-surrogate", "\"", "\\udc00\""},
	fault{"lone-high-after-text", "\"a", "\\uDBFF\""},
	fault{"two-high-surrogates", "\"", "\\uD800\\uD800\""},
	fault{"two-highs-then-low", "\"", "\\uD800\\uD800\\uDC00\""},
	fault{"reversed-pair", "\"", "\\uDC00\\uD800\""},
	fault{"high-then-letter", "\"", "\\uD800a\""},
	fault{"high-then-other-escape", "\"", "\\uD800\\n\""},
	fault{"high-then-non-surrogate-escape", "\"", "\\uD800\\u0041\""},
	fault{"high-then-utf8-low-surrogate", "\"", "\\uD800\xED\xB0\x80\""},
	fault{"lone-surrogate-after-pair", "\"\\uD83D\\uDE00", "\\uD83D\""},
	fault{"lone-surrogate-in-name", "{\"", "\\uDFFF\":1}"},
	fault{"lone-surrogate-in-second-name", "{\"a\":1,\"", "\\uD800\":2}"},
)

// noncharacterCases: under I-JSON, the 66 noncharacters (RFC 7493 section
// 2.1), escaped or literal, at the escape's backslash (the high surrogate's
// for a pair) or the sequence's first byte. Every input is otherwise
// admitted.
var noncharacterCases = refused(admit.Noncharacter, ijson,
	fault{"escaped-fdd0", "\"", "\\uFDD0\""},
	fault{"escaped-fdef", "\"", "\\ufdef\""},
	fault{"escaped-fffe", "\"ab", "\\uFFFE\""},
	fault{"escaped-ffff", "\"", "\\uffff\""},
	fault{"literal-fdd0", "\"", "\xEF\xB7\x90\""},
	fault{"literal-fdef", "\"", "\xEF\xB7\xAF\""},
	fault{"literal-fffe", "\"", "\xEF\xBF\xBE\""},
	fault{"literal-ffff", "[\"a\",\"", "\xEF\xBF\xBF\"]"},
	fault{"escaped-pair-1fffe", "\"", "\\uD83F\\uDFFE\""},
	fault{"literal-1ffff", "\"", "\xF0\x9F\xBF\xBF\""},
	fault{"escaped-pair-10ffff", "\"", "\\uDBFF\\uDFFF\""},
	fault{"literal-10fffe", "\"", "\xF4\x8F\xBF\xBE\""},
	fault{"literal-efffe", "\"", "\xF3\xAF\xBF\xBE\""},
	fault{"in-name", "{\"", "\\uFDD0\":1}"},
	fault{"in-nested-value", "{\"a\":[\"", "\xEF\xB7\x9F\"]}"},
)

// duplicateCases: a member name equal, once decoded, to an earlier name of
// the same object (RFC 8785 section 3.1), at the repeat's opening quote.
var duplicateCases = refused(admit.DuplicateMember, rfc8785,
	fault{"same-bytes", "{\"a\":1,", "\"a\":2}"},
	fault{"escaped-name", "{\"a\":1,", "\"\\u0061\":2}"},
	fault{"escaped-first", "{\"\\u0061\":1,", "\"a\":2}"},
	fault{"non-adjacent", "{\"a\":1,\"b\":2,", "\"a\":3}"},
	fault{"empty-name", "{\"\":1,", "\"\":2}"},
	fault{"escaped-and-literal-e-acute", "{\"\\u00e9\":1,", "\"\xC3\xA9\":2}"},
	fault{"pair-and-literal-emoji", "{\"\\ud83d\\ude00\":1,", "\"\xF0\x9F\x98\x80\":2}"},
	fault{"escaped-slash", "{\"\\/\":1,", "\"/\":2}"},
	fault{"escaped-nul", "{\"\\u0000\":1,", "\"\\u0000\":2}"},
	fault{"short-and-unicode-escape", "{\"\\n\":1,", "\"\\u000a\":2}"},
	fault{"hex-case", "{\"\\u00E9\":1,", "\"\\u00e9\":2}"},
	fault{"whitespace-before-repeat", "{\"a\":1 , ", "\"a\":2}"},
	fault{"in-inner-object", "{\"x\":{\"a\":1,", "\"a\":2}}"},
	fault{"outer-after-inner", "{\"a\":{\"a\":1},", "\"a\":2}"},
	fault{"in-second-sibling", "[{\"a\":1},{\"a\":1,", "\"a\":1}]"},
	fault{"after-nested-values", "{\"a\":[{\"b\":1}],\"b\":[],", "\"a\":null}"},
	fault{"third-member", "{\"a\":1,\"b\":2,\"c\":3,", "\"b\":4}"},
)
