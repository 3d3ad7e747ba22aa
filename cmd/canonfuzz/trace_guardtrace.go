//go:build guardtrace

package main

import (
	"fmt"
	"os"
	"runtime/trace"
)

// A build for measuring the guard's latency (docs/PERFORMANCE.md, "Guard
// latency"): built with -tags guardtrace, canonfuzz writes a Go execution
// trace (runtime/trace) of its whole run to the file CANONFUZZ_TRACE names,
// for `go tool trace`. The product is built without the tag, so it links
// nothing of runtime/trace and no environment variable makes it write a
// file.
func init() {
	path := os.Getenv("CANONFUZZ_TRACE")
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err == nil {
		err = trace.Start(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "canonfuzz: CANONFUZZ_TRACE: %v\n", err)
		os.Exit(exitUsage)
	}
	stopTrace = func() {
		trace.Stop()
		if err := f.Close(); err != nil {
			fmt.Fprintf(os.Stderr, "canonfuzz: CANONFUZZ_TRACE: %v\n", err)
		}
	}
}
