package admit

import "github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"

// SkipNumbers is admission's number reader (skipNumbers) at in[0], for the
// harness (FuzzSkipNumbersMatchesReadNumber, fuzz/admit): the offset after
// the number token there, and inside an array (array true) after the
// tokens that follow it each after a comma alone, reading a token only if
// RFC 8785 cannot refuse it; -1 if it cannot read the first. Scan does not
// call it.
func SkipNumbers(in []byte, array bool) int { return skipNumbers(in, 0, array) }

// ReferenceSkipNumbers is the slow twin of SkipNumbers: each token read by
// jsonwire.ReadNumber, the targets' one reader of the number grammar (RFC
// 8259 section 6), and judged as RFC 8785 admission judges it (a token
// whose integer digits and exponent reach past 10^308 may be refused, see
// finite), one token at a time. Nothing Scan runs calls it.
func ReferenceSkipNumbers(in []byte, array bool) int {
	end := -1
	for i := 0; ; {
		var num jsonwire.Number
		if jsonwire.ReadNumber(in, i, &num) != nil {
			return end
		}
		if int64(num.IntEnd-num.IntStart)+num.Exp > 308 {
			return end
		}
		end = num.End
		// Another token only after a comma with a byte after it.
		if !array || end+1 >= len(in) || in[end] != ',' {
			return end
		}
		i = end + 1
	}
}
