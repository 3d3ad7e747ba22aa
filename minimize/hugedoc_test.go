package minimize

import (
	"math/rand/v2"

	"github.com/canonfuzz/canonfuzz/internal/testdocs"
)

// hugeDuplicateDocument builds an admitted-looking JSON text of about size
// bytes, with one object at depth depth holding a duplicate member, from a
// fixed seed: objects and arrays of numbers, strings with escapes and
// literals, every member name unique in its object.
func hugeDuplicateDocument(size, depth int, seed uint64) []byte {
	return testdocs.Buried(`{"k":true,"mid":"x\u00e9y","k":[1,2]}`, size/2, depth,
		rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
}
