//go:build planted

package spec

import (
	"os"
	"sync"
)

// ReadingEnv set to "raw" in a planted build turns the generated reading
// off: every target reads its bytes only as they are, as before the
// reading was added, for the efficacy benchmark's no-generated
// configuration (canonfuzz efficacy --config no-generated).
const ReadingEnv = "CANONFUZZ_READING"

func init() {
	rawOnly = sync.OnceValue(func() bool { return os.Getenv(ReadingEnv) == "raw" })
}
