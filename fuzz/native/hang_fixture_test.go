//go:build hangfixture

package native

import (
	"os"
	"testing"
)

// FuzzHangFixture loops on any input that starts with 'h' when fixtureEnv
// is set: the hang TestWatchdogReportsAHang makes the engine find.
func FuzzHangFixture(f *testing.F) {
	f.Add([]byte("a"))
	f.Add([]byte("b"))
	loop := os.Getenv(fixtureEnv) != ""
	f.Fuzz(func(t *testing.T, in []byte) {
		guardInput(func() {
			for loop && len(in) > 0 && in[0] == 'h' {
			}
		})
	})
}
