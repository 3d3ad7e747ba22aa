// Command writeentries writes fuzz/gofuzz/fuzz.go, the go-fuzz entry
// points, from the registry of fuzz/spec (gofuzz.EntryPointsSource). Run
// it with `go generate ./fuzz/gofuzz`.
package main

import (
	"fmt"
	"os"

	"github.com/canonfuzz/canonfuzz/fuzz/gofuzz"
)

func main() {
	if err := os.WriteFile("fuzz.go", gofuzz.EntryPointsSource(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "writeentries:", err)
		os.Exit(1)
	}
}
