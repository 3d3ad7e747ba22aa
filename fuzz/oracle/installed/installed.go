// Package installed opens every reference oracle canonfuzz knows: the three
// Go libraries and the three Node oracles. A differential test ranges over
// what Open returns and fails on its error, so an oracle that is missing on
// a machine is a named test failure rather than a silently smaller
// comparison.
//
// It also keeps the oracles the fuzz targets share (shared.go): the Go
// ones (Go), and the Node processes, started on first use and kept for
// every check after it, across a fuzzing worker's executions and a
// minimizer's tries, until Close.
package installed

import (
	"errors"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/gowebpki"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/jsontext"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/node"
)

// Open starts every oracle. It returns those that started, and an error
// joining one error per oracle that did not (each names its oracle and,
// where it can, the fix). Close what it returns with CloseAll.
func Open() ([]oracle.Canonicalizer, error) {
	all := []oracle.Canonicalizer{gowebpki.New(), cyberphone.New(), jsontext.New()}
	started, err := node.All()
	for _, o := range started {
		all = append(all, o)
	}
	return all, err
}

// CloseAll closes every oracle and joins their errors.
func CloseAll(oracles []oracle.Canonicalizer) error {
	var errs []error
	for _, o := range oracles {
		errs = append(errs, o.Close())
	}
	return errors.Join(errs...)
}
