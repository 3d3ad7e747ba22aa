// Command writeseeds writes seeds/INDEX.md from the spec files' seeds
// and removes the seed files older catalogues wrote. Run it with
// `go generate ./fuzz/spec` from anywhere in the module.
package main

import (
	"fmt"
	"os"

	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/internal/modroot"
)

func main() {
	root, err := modroot.Find()
	if err != nil {
		fmt.Fprintln(os.Stderr, "writeseeds:", err)
		os.Exit(2)
	}
	if err := spec.Write(root); err != nil {
		fmt.Fprintln(os.Stderr, "writeseeds:", err)
		os.Exit(1)
	}
}
