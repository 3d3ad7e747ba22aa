// Package modroot finds the canonfuzz module's folder from inside it: the
// one lookup the seed catalogue, the fuzz-source scan, the seed index
// writer and the research commands (campaign, efficacy) run before they
// read or write files by their path in the repository.
package modroot

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
)

// ErrOutside is the error of Find from outside the module.
var ErrOutside = errors.New("not inside the canonfuzz module")

// modLine is how the canonfuzz go.mod begins; a go.mod that does not (a
// nested module such as fuzz/oracle/gowebpki101, a test's fixture module)
// is passed over.
var modLine = []byte("module github.com/canonfuzz/canonfuzz\n")

// Find is the folder of the canonfuzz go.mod at or above the working
// directory, as every test, `go run` and `go generate` of the module has
// it, or ErrOutside.
func Find() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && bytes.HasPrefix(data, modLine) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ErrOutside
		}
		dir = parent
	}
}
