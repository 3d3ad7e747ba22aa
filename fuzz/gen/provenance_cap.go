package gen

import (
	"strings"
	"sync"
)

// guardChainValues is the number of JSON values in GuardChain (every
// scalar, array and object, as ValueCap counts them).
const guardChainValues = 31

// pastCapOdds is one in how many draws of the flaw "provenance past cap"
// plants it (the rest are plain messages): a message past the cap costs
// every reader of it a pass over 64 Ki values, and a fuzz target meeting
// one in every len(messageFlaws) messages would run several times slower.
const pastCapOdds = 64

// capPadding is where pastCapChain pads GuardChain: the host's "in" list
// of create_issue's repo.
const capPadding = `"acme/docs"]`

// pastCapChain is GuardChain with its host's "in" list padded by zeros to
// one value past ValueCap (SEP-3246 section 4.3: provenance past a
// limit is refused). One value more than a reader may decode is the
// cheapest document that tells a reader which counts from one that does
// not; it is written once and shared, as it is 128 KiB.
var pastCapChain = sync.OnceValue(func() string {
	return padGuardChain(ValueCap - guardChainValues + 1)
})

// padGuardChain is GuardChain with n more values, zeros in the host's
// "in" list.
func padGuardChain(n int) string {
	return strings.Replace(GuardChain, capPadding, `"acme/docs"`+strings.Repeat(",0", n)+`]`, 1)
}
