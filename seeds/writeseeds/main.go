// Command writeseeds writes seeds/INDEX.md from the seed catalogue and
// removes the seed files older catalogues wrote. Run it with
// `go generate ./seeds` from anywhere in the module.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/canonfuzz/canonfuzz/seeds"
)

func main() {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "writeseeds:", err)
		os.Exit(2)
	}
	root := filepath.Dir(strings.TrimSpace(string(out)))
	if err := seeds.Write(root); err != nil {
		fmt.Fprintln(os.Stderr, "writeseeds:", err)
		os.Exit(1)
	}
}
