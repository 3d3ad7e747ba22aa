package fuzz_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// TestGuardPropertyClausesCanFail runs the guard property against
// deciders that each break one promise, on the target's seeds, and
// requires each clause to report it: a property clause that cannot fail
// would pass anything.
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
	for _, c := range []struct {
		name   string
		decide decider
		clause string
	}{
		{"forward everything unchecked", forwardRaw, "outside the effective bound"},
		{"forward everything unchecked", forwardRaw, "readers differ"},
		{"forward everything unchecked", forwardRaw, "reader refuses it"},
		{"relay everything", relayAll, "relayed unchecked"},
		{"answer everything", answerAll, "to be relayed unchanged"},
		{"relay with a byte added", relayRewritten, "not byte for byte"},
	} {
		if !anySeedFails(c.decide, c.clause) {
			t.Errorf("a guard that would %s is not reported as %q on any seed", c.name, c.clause)
		}
	}
}

// anySeedFails reports whether the property, with decide, fails on some
// guard seed with a message containing clause.
func anySeedFails(decide decider, clause string) bool {
	for _, s := range guardSeeds {
		if err := guardForwardsOnlyWhatEveryParserReadsInside(decide, []byte(s.input)); err != nil && strings.Contains(err.Error(), clause) {
			return true
		}
	}
	return false
}

// TestCanonPropertyClausesCanFail does the same for the argument
// canonicalization property.
func TestCanonPropertyClausesCanFail(t *testing.T) {
	for _, c := range []struct {
		name   string
		canon  argCanonicalizer
		clause string
	}{
		{"return its input", func(s string, _ bool) (string, error) { return s, nil }, "keeps a '..'"},
		{"return its input", func(s string, _ bool) (string, error) { return s, nil }, "cannot resolve it"},
		{"refuse everything", func(string, bool) (string, error) { return "", errors.New("no") }, "the model resolves it"},
		{"map everything to the root", func(string, bool) (string, error) { return "/", nil }, "the model resolves them"},
		{"strip the root", func(s string, f bool) (string, error) {
			c, err := boundCanon(s, f)
			return strings.TrimPrefix(c, "/"), err
		}, "moved the root"},
		{"percent-decode only once", func(s string, _ bool) (string, error) { return decodeOnce(s) }, "not idempotent"},
	} {
		found := false
		for _, s := range canonSeeds {
			err := argumentCanonicalization(c.canon, []byte(s.data), s.x, s.y, s.fold)
			found = found || err != nil && strings.Contains(err.Error(), c.clause)
		}
		if !found {
			t.Errorf("a canonicalization that would %s is not reported as %q on any seed", c.name, c.clause)
		}
	}
}
