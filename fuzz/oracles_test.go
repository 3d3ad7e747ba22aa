package fuzz_test

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/gowebpki"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/jsontext"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/node"
)

// goOracles are the in-process references, cheap enough for every fuzz
// execution.
var goOracles = []oracle.Canonicalizer{gowebpki.New(), cyberphone.New(), jsontext.New()}

// The Node oracles, one process each, started on first use and shared by
// every target of the test binary (a fuzzing worker is one such binary).
var (
	nodeOnce sync.Once
	nodeRefs []*node.Oracle
	nodeErr  error
)

// nodeOracles returns the three Node oracles, or fails tb: a missing
// oracle is a failure, never a skip (fix: make node-deps).
func nodeOracles(tb testing.TB) []*node.Oracle {
	tb.Helper()
	nodeOnce.Do(func() { nodeRefs, nodeErr = node.All() })
	if nodeErr != nil {
		tb.Fatalf("the Node oracles are required: %v", nodeErr)
	}
	return nodeRefs
}

// asCanonicalizers lists the Node oracles as oracle.Canonicalizers.
func asCanonicalizers(nodes []*node.Oracle) []oracle.Canonicalizer {
	out := make([]oracle.Canonicalizer, len(nodes))
	for i, o := range nodes {
		out[i] = o
	}
	return out
}

// TestMain stops the Node processes when the tests are done.
func TestMain(m *testing.M) {
	code := m.Run()
	if err := installed.CloseAll(asCanonicalizers(nodeRefs)); err != nil {
		fmt.Fprintln(os.Stderr, "closing the Node oracles:", err)
	}
	os.Exit(code)
}
