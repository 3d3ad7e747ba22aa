package spec

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// seedInputs are a target's seeds as inputs.
func seedInputs(t *testing.T, name string) []property.Input {
	t.Helper()
	list, err := SeedsOf(name)
	if err != nil {
		t.Fatal(err)
	}
	out := make([]property.Input, len(list))
	for i, s := range list {
		out[i] = s.Values
	}
	return out
}

// TestGuardPropertyClausesCanFail runs the guard property against
// deciders that each break one promise, on the target's seeds and on a
// message that carries a call between two CRs, and requires each clause
// to report it by its class: a property clause that cannot fail would pass
// anything.
func TestGuardPropertyClausesCanFail(t *testing.T) {
	forwardRaw := func(raw []byte, _ guard.Config) guard.Decision {
		return guard.Decision{Action: guard.Forward, Message: raw}
	}
	relayAll := func(raw []byte, _ guard.Config) guard.Decision {
		return guard.Decision{Action: guard.Relay, Message: raw}
	}
	answerAll := func(raw []byte, cfg guard.Config) guard.Decision {
		d := guard.Decide([]byte("not json"), cfg)
		d.Refusal = &guard.Refusal{Class: guard.ErrNotRequest}
		return d
	}
	relayRewritten := func(raw []byte, cfg guard.Config) guard.Decision {
		d := guard.Decide(raw, cfg)
		if d.Action == guard.Relay {
			d.Message = append([]byte(" "), raw...)
		}
		return d
	}
	answerOverLines := func(raw []byte, cfg guard.Config) guard.Decision {
		d := guard.Decide(raw, cfg)
		if d.Action == guard.Answer {
			d.Message = append(append([]byte{}, d.Message[:1]...), append([]byte("\r\n"), d.Message[1:]...)...)
		}
		return d
	}
	inputs := append(seedInputs(t, "FuzzGuardForwardsOnlyWhatEveryParserReadsInside"),
		property.Input{[]byte("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"x\":\r{\"method\":\"tools/call\"}\r}}")})
	for _, c := range []struct {
		name   string
		decide property.Decider
		class  string
	}{
		{"forward everything unchecked", forwardRaw, "forward:outside-bound"},
		{"forward everything unchecked", forwardRaw, "forward:readers-differ"},
		{"forward everything unchecked", forwardRaw, "forward:reader-refuses"},
		{"forward everything unchecked", forwardRaw, "forward:framing:cr:lines"},
		{"relay everything", relayAll, "relay:call"},
		{"relay everything", relayAll, "relay:framing:cr:lines"},
		{"answer everything", answerAll, "answer:relayable"},
		{"relay with a byte added", relayRewritten, "relay:changed"},
		{"answer over two lines", answerOverLines, "answer:framing:lf:lines"},
	} {
		found := false
		for _, in := range inputs {
			if v := property.GuardDecisionReadsInside(c.decide, in.Bytes(0)); v != nil && v.Class == c.class {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("a guard that would %s is not reported as %s on any seed", c.name, c.class)
		}
	}
}

// TestCanonPropertyClausesCanFail does the same for the argument
// canonicalization properties.
func TestCanonPropertyClausesCanFail(t *testing.T) {
	identity := func(s string, _ bool) (string, error) { return s, nil }
	for _, c := range []struct {
		name  string
		canon property.PathCanonicalizer
		class string
	}{
		{"return its input", identity, "keeps-dot-dot"},
		{"return its input", identity, "resolves-unresolvable"},
		{"refuse everything", func(string, bool) (string, error) { return "", errors.New("no") }, "refuses-resolvable"},
		{"map everything to the root", func(string, bool) (string, error) { return "/", nil }, "collapsed"},
		{"strip the root", func(s string, f bool) (string, error) {
			c, err := property.BoundPath(s, f)
			return strings.TrimPrefix(c, "/"), err
		}, "moved-root"},
		{"percent-decode only once", func(s string, _ bool) (string, error) { return url.PathUnescape(s) }, "not-idempotent"},
	} {
		found := false
		for _, in := range seedInputs(t, "FuzzArgumentCanonicalization") {
			if v := property.ArgumentCanonicalizationMatchesResolver(c.canon, in.Bytes(0), in.Str(1), in.Str(2), in.Bool(3)); v != nil && v.Class == c.class {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("a canonicalization that would %s is not reported as %s on any seed", c.name, c.class)
		}
	}
	var hashOnce property.ArgCanonicalizer = func(s string, m bound.Mode, fold bool) (string, error) {
		if s == "%23" {
			return "#", nil
		}
		return bound.CanonicalizeString(s, m, fold)
	}
	if v := property.ArgumentCanonicalizationIdempotent(hashOnce, "%23", false); v == nil || v.Class != "plain:not-idempotent" && v.Class != "hierarchical:not-idempotent" {
		t.Errorf("canonicalizing %%23 to # is not reported as not idempotent: %v", v)
	}
}
