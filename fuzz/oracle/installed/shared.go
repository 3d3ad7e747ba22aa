package installed

import (
	"errors"
	"sync"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/gowebpki"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/jsontext"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/node"
)

// goOracles are the in-process references: stateless and cheap enough for
// every fuzz execution.
var goOracles = []oracle.Canonicalizer{gowebpki.New(), cyberphone.New(), jsontext.New()}

// Go are the in-process RFC 8785 references, shared by every check that
// compares against them (they hold no state).
func Go() []oracle.Canonicalizer { return goOracles }

// The Node oracles: one process each, started on first use and kept for
// every check after it (a fuzzing worker, a minimizer's thousands of
// tries), so that a process costs one start, not one per input. A crashed
// or hung process is a breakdown the property reports (its own
// signature); the subprocess client restarts it for the next input. A
// start that failed is remembered until Close, so that a missing Node or
// node_modules fails every check at once instead of costing each of a
// minimizer's tries a process start and a handshake.
var (
	nodeMu   sync.Mutex
	nodeRefs []*node.Oracle
	nodeErr  error
)

// Node returns the shared Node oracles, starting them if need be. A
// missing oracle is an error naming the fix (make node-deps), never a
// smaller comparison.
func Node() ([]*node.Oracle, error) {
	nodeMu.Lock()
	defer nodeMu.Unlock()
	if nodeRefs != nil {
		return nodeRefs, nil
	}
	if nodeErr != nil {
		return nil, nodeErr
	}
	started, err := node.All()
	if err != nil {
		for _, o := range started {
			o.Close()
		}
		nodeErr = err
		return nil, err
	}
	nodeRefs = started
	return nodeRefs, nil
}

// NodeCanonicalizers are the Node oracles as oracle.Canonicalizers.
func NodeCanonicalizers() ([]oracle.Canonicalizer, error) {
	nodes, err := Node()
	if err != nil {
		return nil, err
	}
	out := make([]oracle.Canonicalizer, len(nodes))
	for i, o := range nodes {
		out[i] = o
	}
	return out, nil
}

// Close stops the shared Node oracle processes, if any were started; a
// later check starts them again.
func Close() error {
	nodeMu.Lock()
	defer nodeMu.Unlock()
	var errs []error
	for _, o := range nodeRefs {
		errs = append(errs, o.Close())
	}
	nodeRefs, nodeErr = nil, nil
	return errors.Join(errs...)
}

// errNoECMAScript: the Node oracles started, but none is the ECMAScript
// ground truth.
var errNoECMAScript = errors.New("installed: no node/ecmascript among the Node oracles")

// ECMAScript is the ECMAScript ground-truth oracle among the Node ones.
func ECMAScript() (*node.Oracle, error) {
	nodes, err := Node()
	if err != nil {
		return nil, err
	}
	for _, o := range nodes {
		if o.Name() == "node/ecmascript" {
			return o, nil
		}
	}
	return nil, errNoECMAScript
}
