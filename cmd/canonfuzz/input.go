package main

import (
	"fmt"
	"io"
	"os"
)

// readInput reads the named file, or stdin for "" and "-". It reads at most
// limit+1 bytes when limit > 0, which is enough for a size cap of limit to be
// judged without holding an unbounded input in memory.
func readInput(name string, stdin io.Reader, limit int64) ([]byte, error) {
	var r io.Reader = stdin
	if name != "" && name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	if limit > 0 {
		r = io.LimitReader(r, limit+1)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", displayName(name), err)
	}
	return b, nil
}

func displayName(name string) string {
	if name == "" || name == "-" {
		return "standard input"
	}
	return name
}
