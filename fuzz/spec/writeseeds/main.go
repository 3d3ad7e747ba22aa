// Command writeseeds writes seeds/INDEX.md from the spec files' seeds
// and removes the seed files older catalogues wrote. Run it with
// `go generate ./fuzz/spec` from anywhere in the module.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/spec"
)

func main() {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "writeseeds:", err)
		os.Exit(2)
	}
	root := filepath.Dir(strings.TrimSpace(string(out)))
	if err := spec.Write(root); err != nil {
		fmt.Fprintln(os.Stderr, "writeseeds:", err)
		os.Exit(1)
	}
}
