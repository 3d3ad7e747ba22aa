package oracle

import (
	"bytes"
	"errors"
	"fmt"
)

// Class sorts an Outcome into the three answers of the package
// documentation.
type Class int

const (
	// Output: canonical bytes.
	Output Class = iota
	// Refusal: the input was declined (ErrRefused).
	Refusal
	// Breakdown: a panic, crash, hang or protocol fault.
	Breakdown
)

func (c Class) String() string {
	switch c {
	case Output:
		return "output"
	case Refusal:
		return "refusal"
	default:
		return "breakdown"
	}
}

// Outcome is what one canonicalizer did with one input.
type Outcome struct {
	Oracle string // the canonicalizer's Label
	Output []byte // the canonical bytes when Err is nil
	Err    error
}

// Run canonicalizes input with c and records the outcome.
func Run(c Canonicalizer, input []byte) Outcome {
	out, err := c.Canonicalize(input)
	return Outcome{Oracle: Label(c), Output: out, Err: err}
}

// Class says which of the three answers o is.
func (o Outcome) Class() Class {
	switch {
	case o.Err == nil:
		return Output
	case errors.Is(o.Err, ErrRefused):
		return Refusal
	default:
		return Breakdown
	}
}

// Agrees reports whether o and p give the same answer: the same bytes, or
// both a refusal (whatever their reasons). A breakdown agrees with nothing.
func (o Outcome) Agrees(p Outcome) bool {
	switch {
	case o.Class() != p.Class():
		return false
	case o.Class() == Output:
		return bytes.Equal(o.Output, p.Output)
	default:
		return o.Class() == Refusal
	}
}

func (o Outcome) String() string {
	if o.Err != nil {
		return fmt.Sprintf("%s: %s: %v", o.Oracle, o.Class(), o.Err)
	}
	return fmt.Sprintf("%s: %q", o.Oracle, o.Output)
}

// Disagreement is one input on which the canonicalizer under test and a
// reference gave different answers. It carries the full input.
type Disagreement struct {
	Input     []byte
	Subject   Outcome
	Reference Outcome
}

func (d Disagreement) String() string {
	return fmt.Sprintf("input %q (%d bytes)\n  %v\n  %v", d.Input, len(d.Input), d.Subject, d.Reference)
}

// Differ runs input through subject and every reference and returns one
// Disagreement per reference whose answer differs from subject's.
func Differ(input []byte, subject Canonicalizer, references ...Canonicalizer) []Disagreement {
	got := Run(subject, input)
	var out []Disagreement
	for _, ref := range references {
		if want := Run(ref, input); !got.Agrees(want) {
			out = append(out, Disagreement{Input: bytes.Clone(input), Subject: got, Reference: want})
		}
	}
	return out
}
