// Package queue is the fixture of handled refusals (find_handled.go): a
// sentinel a callee returns, and the branches that act on it without
// naming a refusal themselves.
package queue

import (
	"errors"
	"io"
)

var errFull = errors.New("full")

// add refuses past two items.
func add(n int) error {
	if n >= 2 {
		return errFull
	}
	return nil
}

var answered, gone, other int

func answer()   { answered++ }
func goneAway() { gone++ }

// Put acts on add's refusal: the first statement of each branch a test of
// errFull leads to is a site; io.EOF is no target's sentinel, a second
// statement and an err != errFull branch are not.
func Put(n int, err2 error) {
	err := add(n)
	switch {
	case errors.Is(err, errFull):
		answer()
		other++
	case errors.Is(err2, io.EOF):
		goneAway()
	case err != nil:
		goneAway()
	}
	if err == errFull {
		answer()
	}
	if errFull == err {
		answer()
	}
	if err != errFull {
		other++
	}
}
