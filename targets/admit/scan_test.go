package admit_test

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// scanCase is one input and its verdict. The expected offset is written as
// the input that precedes it: the input is before+from and the fault is at
// len(before). An admitted case keeps its whole input in before.
type scanCase struct {
	name   string
	kind   admit.Kind // "" when the input is admitted
	before string
	from   string
	opts   admit.Options
}

func (c scanCase) input() []byte { return []byte(c.before + c.from) }

// fault is a table row before its kind and options are attached.
type fault struct{ name, before, from string }

// refused builds a table of one kind under one set of options.
func refused(kind admit.Kind, opts admit.Options, faults ...fault) []scanCase {
	cases := make([]scanCase, len(faults))
	for i, f := range faults {
		cases[i] = scanCase{name: f.name, kind: kind, before: f.before, from: f.from, opts: opts}
	}
	return cases
}

// admitted builds a table of inputs admitted under opts; each fault's
// before is the whole input.
func admitted(opts admit.Options, inputs ...fault) []scanCase {
	return refused("", opts, inputs...)
}

var (
	rfc8785 = admit.Options{}
	ijson   = admit.Options{Profile: admit.IJSON}
)

// scanner is an implementation under test.
type scanner struct {
	name string
	scan func([]byte, admit.Options) error
}

var scanners = []scanner{{"Scan", admit.Scan}, {"Reference", admit.Reference}}

// mismatch says how err differs from a refusal of kind at offset, or from
// admission when kind is "", and returns "" when it does not.
func mismatch(err error, kind admit.Kind, offset int64) string {
	if kind == "" {
		if err != nil {
			return fmt.Sprintf("refused (%v), want admitted", err)
		}
		return ""
	}
	if err == nil {
		return fmt.Sprintf("admitted, want %s at %d", kind, offset)
	}
	var ae *admit.Error
	if !errors.As(err, &ae) {
		return fmt.Sprintf("error %v is not an *admit.Error, want %s at %d", err, kind, offset)
	}
	if !errors.Is(err, kind) || ae.Kind != kind || ae.Offset != offset {
		return fmt.Sprintf("%s at %d (%s), want %s at %d", ae.Kind, ae.Offset, ae.Detail, kind, offset)
	}
	if ae.Detail == "" {
		return fmt.Sprintf("%s at %d has no detail for people", ae.Kind, ae.Offset)
	}
	return ""
}

// verdict scans input with s twice and reports a wrong verdict, a verdict
// that changes between runs, or a write to the input.
func verdict(s scanner, input []byte, opts admit.Options, kind admit.Kind, offset int64) string {
	kept := bytes.Clone(input)
	err := s.scan(input, opts)
	if !bytes.Equal(input, kept) {
		return "the scanner wrote to its input"
	}
	if again := s.scan(input, opts); !reflect.DeepEqual(err, again) {
		return fmt.Sprintf("not deterministic: %v, then %v", err, again)
	}
	return mismatch(err, kind, offset)
}

// runCases runs every case against every scanner, each in its own subtest
// (so `-run '/Reference$'` tests the reference alone).
func runCases(t *testing.T, cases []scanCase) {
	t.Helper()
	if len(cases) == 0 {
		t.Fatal("empty table")
	}
	for _, c := range cases {
		for _, s := range scanners {
			t.Run(c.name+"/"+s.name, func(t *testing.T) {
				if msg := verdict(s, c.input(), c.opts, c.kind, int64(len(c.before))); msg != "" {
					t.Errorf("%s(%.80q, %+v): %s", s.name, c.input(), c.opts, msg)
				}
			})
		}
	}
}

// tables is every table of the package's tests, by the kind it probes; the
// fuzz targets seed themselves from it.
func tables() map[string][]scanCase {
	return map[string][]scanCase{
		"Syntax":          syntaxCases,
		"TrailingContent": trailingCases,
		"DuplicateMember": duplicateCases,
		"TooDeep":         depthCases(),
		"StringNotScalar": stringCases,
		"NumberNotFinite": finiteCases,
		"UnsafeInteger":   unsafeCases,
		"Noncharacter":    noncharacterCases,
		"TooLarge":        sizeCases,
		"admitted":        admittedCases,
		"admitted-ijson":  ijsonAdmittedCases,
		"precedence":      precedenceCases,
	}
}

func TestSyntax(t *testing.T)          { runCases(t, syntaxCases) }
func TestTrailingContent(t *testing.T) { runCases(t, trailingCases) }
func TestDuplicateMember(t *testing.T) { runCases(t, duplicateCases) }
func TestTooDeep(t *testing.T)         { runCases(t, depthCases()) }
func TestStringNotScalar(t *testing.T) { runCases(t, stringCases) }
func TestNumberNotFinite(t *testing.T) { runCases(t, finiteCases) }
func TestUnsafeInteger(t *testing.T)   { runCases(t, unsafeCases) }
func TestNoncharacter(t *testing.T)    { runCases(t, noncharacterCases) }
func TestTooLarge(t *testing.T)        { runCases(t, sizeCases) }
func TestAdmitted(t *testing.T)        { runCases(t, admittedCases) }
func TestAdmittedIJSON(t *testing.T)   { runCases(t, ijsonAdmittedCases) }
func TestPrecedence(t *testing.T)      { runCases(t, precedenceCases) }

// TestIJSONKindsAdmittedUnderRFC8785: the I-JSON tables hold well-formed
// texts, so the default profile admits every one of them.
func TestIJSONKindsAdmittedUnderRFC8785(t *testing.T) {
	var cases []scanCase
	for _, c := range append(append([]scanCase{}, unsafeCases...), noncharacterCases...) {
		c.kind, c.before, c.from, c.opts = "", c.before+c.from, "", rfc8785
		cases = append(cases, c)
	}
	runCases(t, cases)
}

// TestTablesCoverEveryKind fails when a kind has no refusal in the tables,
// or a table row is refused with a kind other than its table's.
func TestTablesCoverEveryKind(t *testing.T) {
	seen := map[admit.Kind]bool{}
	for name, cases := range tables() {
		for _, c := range cases {
			seen[c.kind] = true
			if name != "precedence" && c.kind != "" && string(c.kind) != name {
				t.Errorf("table %s holds %s case %s", name, c.kind, c.name)
			}
		}
	}
	for _, k := range admit.Kinds {
		if !seen[k] {
			t.Errorf("no table case is refused with %s", k)
		}
	}
	if !seen[""] {
		t.Error("no table case is admitted")
	}
}

// TestOptionsRefused: options out of range are usage errors (ErrOptions),
// never an *admit.Error about the input.
func TestOptionsRefused(t *testing.T) {
	bad := []admit.Options{
		{MaxDepth: admit.MaxDepthLimit + 1},
		{MaxDepth: -1},
		{MaxSize: -1},
		{Profile: admit.Profile(2)},
		{Profile: admit.Profile(-1)},
	}
	for _, opts := range bad {
		for _, s := range scanners {
			err := s.scan([]byte("[]"), opts)
			var ae *admit.Error
			if !errors.Is(err, admit.ErrOptions) || errors.As(err, &ae) {
				t.Errorf("%s(%+v) = %v, want an ErrOptions usage error", s.name, opts, err)
			}
		}
	}
	for _, s := range scanners {
		if err := s.scan([]byte("[]"), admit.Options{MaxDepth: admit.MaxDepthLimit}); err != nil {
			t.Errorf("%s with MaxDepth %d: %v, want admitted", s.name, admit.MaxDepthLimit, err)
		}
	}
}
