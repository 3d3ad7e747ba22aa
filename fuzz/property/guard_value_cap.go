package property

import "github.com/canonfuzz/canonfuzz/fuzz/gen"

// DecideAtValueCap holds decide on the tools/call gen.GenerateCapMessage
// makes of data, one value past bound.MaxValues in its provenance or in a
// constrained argument, to DecideMatchesReference: such a call cannot be
// checked, so it is refused, with a *bound.LimitError as the cause
// (reference:limit, reference:argument-limit; SEP-3246 sections 4.2 and
// 4.3).
func DecideAtValueCap(decide Decider, data []byte) *Violation {
	return DecideMatchesReference(decide, gen.GenerateCapMessage(data).Text)
}
