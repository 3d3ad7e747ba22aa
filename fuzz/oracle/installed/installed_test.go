package installed

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/seeds"
)

// TestEveryOracleIsInstalled fails, naming each, when an oracle cannot run.
func TestEveryOracleIsInstalled(t *testing.T) {
	all, err := Open()
	t.Cleanup(func() {
		if err := CloseAll(all); err != nil {
			t.Error(err)
		}
	})
	if err != nil {
		t.Fatalf("oracles not available: %v", err)
	}
	names := map[string]bool{}
	for _, o := range all {
		names[o.Name()] = true
	}
	for _, want := range []string{"gowebpki/jcs", "cyberphone/jsoncanonicalizer", "go-json-experiment/jsontext",
		"npm/canonicalize", "npm/json-canonicalize", "node/ecmascript"} {
		if !names[want] {
			t.Errorf("Open did not start %s", want)
		}
	}
}

// TestEveryOracleAgreesOnValidEdgeVectors: on every edge vector with an
// RFC 8785 answer, each oracle either gives that answer or is one of the
// known departures, listed here with the reason; any other disagreement
// reports the oracle and the full input.
func TestEveryOracleAgreesOnValidEdgeVectors(t *testing.T) {
	departs := map[string]map[string]bool{
		// refuses top-level scalars
		"cyberphone/jsoncanonicalizer": {"2^53+1-top": true, "scalar-top": true},
	}
	all, err := Open()
	t.Cleanup(func() { _ = CloseAll(all) })
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range all {
		for _, v := range seeds.Edge {
			if v.RFC == "" || departs[o.Name()][v.Name] {
				continue
			}
			if got, err := o.Canonicalize([]byte(v.Input)); err != nil || string(got) != v.RFC {
				t.Errorf("%s on %s, input %q: got %q, %v; RFC 8785 says %q",
					oracle.Label(o), v.Name, v.Input, got, err, v.RFC)
			}
		}
	}
}
