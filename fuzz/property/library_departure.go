package property

import (
	"bytes"
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// Departure is a library of the differential study (docs/STUDY.md) under
// test, with jcs.Canonicalize as its oracle, and the one departure the
// study pinned for it (findings/study) that a fuzz run is to rediscover:
// a known bug with known ground truth, as Magma plants its canaries.
type Departure struct {
	// Library starts (or returns) the implementation under test.
	Library func() (oracle.Canonicalizer, error)
	// Departs says whether the library's answer lib to input is the
	// departure, given ours: our output, or our refusal (nil when we
	// wrote).
	Departs func(input, ours []byte, refusal *admit.Error, lib oracle.Outcome) bool
}

// LibraryMatchesJCS fails, as departs, exactly when the library's answer
// to input is d's departure from jcs.Canonicalize (RFC 8785 §3.2 as this
// module reads it); any other difference is not the bug a run looks for,
// and passes. A library that breaks down (a panic, a crashed process) is
// oracle:NAME:breakdown:KIND, and one that cannot start is unavailable.
func LibraryMatchesJCS(d Departure, input []byte) *Violation {
	const name = "LibraryMatchesJCS"
	lib, err := d.Library()
	if err != nil {
		return Unavailable(name, err)
	}
	o := oracle.Run(lib, input)
	if o.Class() == oracle.Breakdown {
		return breakdown(name, o)
	}
	ours, err := JCSDefault(input)
	var refusal *admit.Error
	if err != nil && !errors.As(err, &refusal) {
		return violated(name, "untyped-refusal", "jcs.Canonicalize refused with %T %v, not an *admit.Error", err, err)
	}
	if d.Departs(input, ours, refusal, o) {
		return violated(name, "departs", "jcs.Canonicalize: %q, %v; %v", ours, err, o)
	}
	return nil
}

// Any is the departure of any difference at all: the library refuses what
// we write, writes what we refuse, or writes other bytes. It is the real
// target's, whose library is jcs.Canonicalize itself.
func Any(_, ours []byte, refusal *admit.Error, lib oracle.Outcome) bool {
	switch lib.Class() {
	case oracle.Output:
		return refusal != nil || !bytes.Equal(lib.Output, ours)
	case oracle.Refusal:
		return refusal == nil
	}
	return false
}

// WritesWhereRefused is the departure of a library that writes an input we
// refuse with kind, its output passing also(input, output).
func WritesWhereRefused(kind admit.Kind, also func(input, output []byte) bool) func([]byte, []byte, *admit.Error, oracle.Outcome) bool {
	return func(input, _ []byte, refusal *admit.Error, lib oracle.Outcome) bool {
		return refusal != nil && refusal.Kind == kind && lib.Class() == oracle.Output && also(input, lib.Output)
	}
}

// Always is WritesWhereRefused's test for a departure whose output is not
// looked at.
func Always(_, _ []byte) bool { return true }

// WritesLargestDouble: an output holding the largest double, for a number
// past it (jsontext writes 1e400 as 1.7976931348623157e+308; RFC 8785
// §3.2.2.3 leaves such a number out of I-JSON).
func WritesLargestDouble(_, output []byte) bool {
	return bytes.Contains(output, []byte("1.7976931348623157e+308"))
}

// WritesReplacement: well-formed output with a U+FFFD the input did not
// spell, for a string that is not Unicode scalar values (RFC 8785 §3.2.2.2
// requires them; the library substitutes).
func WritesReplacement(input, output []byte) bool {
	const fffd = "\uFFFD"
	spelled := bytes.Contains(input, []byte(fffd)) || strings.Contains(strings.ToLower(string(input)), `\ufffd`)
	return utf8.Valid(output) && bytes.Contains(output, []byte(fffd)) && !spelled
}

// NumberTokenAccepted: the library writes an input we refuse as Syntax at
// a number token (a byte of one at the refusal or just before it), such as
// [.0] or [01] (RFC 8259 §6's grammar, which RFC 8785 §3.2.2.3 reads).
func NumberTokenAccepted(input, _ []byte, refusal *admit.Error, lib oracle.Outcome) bool {
	if refusal == nil || refusal.Kind != admit.Syntax || lib.Class() != oracle.Output {
		return false
	}
	for _, at := range []int64{refusal.Offset, refusal.Offset - 1} {
		if at >= 0 && at < int64(len(input)) && strings.IndexByte("+-.0123456789eE", input[at]) >= 0 {
			return true
		}
	}
	return false
}

// WritesInvalidUTF8: output that is not UTF-8, the input's ill-formed
// bytes passed through (RFC 8785 §3.2.4 writes UTF-8).
func WritesInvalidUTF8(_, output []byte) bool { return !utf8.Valid(output) }
