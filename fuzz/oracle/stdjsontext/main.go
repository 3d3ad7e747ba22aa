// Command stdjsontext serves the Go standard library's RFC 8785
// implementation, encoding/json/jsontext Value.Canonicalize (default
// options: duplicate names and invalid UTF-8 rejected), over the subprocess
// protocol (../subprocess/PROTOCOL.md), for the differential study
// (canonfuzz matrix). The package exists only under GOEXPERIMENT=jsonv2,
// so the program is built with it:
//
//	GOEXPERIMENT=jsonv2 go build -o bin/oracles/stdjsontext ./fuzz/oracle/stdjsontext
//
// (make matrix-oracles). Built without the experiment it refuses to start,
// saying so. It is go-json-experiment/jsontext as merged into Go; the study
// runs both, since the copies can drift apart.
package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
)

func main() {
	if canonicalize == nil {
		fmt.Fprintln(os.Stderr, "stdjsontext: built without GOEXPERIMENT=jsonv2, so encoding/json/jsontext is not linked; rebuild with make matrix-oracles")
		os.Exit(2)
	}
	s := subprocess.Server{Name: "go/encoding/json/jsontext", Version: runtime.Version(), Canonicalize: canonicalize}
	if err := subprocess.Serve(os.Stdin, os.Stdout, s); err != nil {
		fmt.Fprintln(os.Stderr, "stdjsontext:", err)
		os.Exit(1)
	}
}
