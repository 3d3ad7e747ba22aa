package guard

import (
	"encoding/json"
	"errors"
	"testing"
	"time"
)

// The tests of the refusal-site sweep after the three red-team passes
// (docs/MUTATION.md, "The sweep after three red-team passes"): each kills
// a mutant that survived the sweep or was not covered, named beside it.
// The pending table's test comes first: a test binary runs its tests in
// source order, and with the table's bound mutated away the session test
// waits 20 s for an answer, which made the sweep's batch a Timeout where
// the table's test fails at once.

// The pending table holds requests up to its bounds exactly: maxN
// requests, and ids of maxBytes bytes in all; one more request, or one
// more byte of id, is refused with errInFlightFull (and the table is left
// as it was). The red-team pass's tests set the byte bound a byte short of
// whole ids, so the byte bound's comparison could move by one.
//
// Kills targets/guard/pendingSet.add#1:ShiftCap.1 (p.bytes+len(id) >
// p.maxBytes moved to >=) and holds the count's edge (ShiftCap, p.n >=
// p.maxN moved to >).
func TestPendingSetHoldsRequestsUpToItsBoundsExactly(t *testing.T) {
	add := func(p *pendingSet, id string) error {
		_, err := p.add([]byte(id), false)
		return err
	}
	// bytes: "a" and "b" are 3 bytes each, 6 in all, the bound
	p := newPendingSet(10, 6)
	for _, id := range []string{`"a"`, `"b"`} {
		if err := add(p, id); err != nil {
			t.Fatalf("add(%s) within 6 bytes of ids: %v, want it held", id, err)
		}
	}
	if err := add(p, `1`); !errors.Is(err, errInFlightFull) {
		t.Errorf("add(1), a 7th byte of ids past the bound of 6: %v, want errInFlightFull", err)
	}
	if n := p.size(); n != 2 {
		t.Errorf("%d requests in flight after the refusal, want 2", n)
	}
	// count: two requests, the bound; a third is one too many
	p = newPendingSet(2, 1<<20)
	for _, id := range []string{`1`, `2`} {
		if err := add(p, id); err != nil {
			t.Fatalf("add(%s) within 2 requests: %v, want it held", id, err)
		}
	}
	if err := add(p, `3`); !errors.Is(err, errInFlightFull) {
		t.Errorf("add(3), a third request past the bound of 2: %v, want errInFlightFull", err)
	}
	if !p.answered([]byte(`1`)) {
		t.Fatal("request 1, in flight, not found to answer")
	}
	if err := add(p, `3`); err != nil {
		t.Errorf("add(3) once request 1 is answered: %v, want it held", err)
	}
}

// The answer to a request past the bound on requests in flight says why,
// with the bounds as the literals they are documented as (65,536 requests,
// 64 MiB of ids). The red-team pass's tests only read its code, -32000,
// which the answer to a request the server can no longer read has too, so
// the refusal could fall to that case unnoticed.
//
// Kills targets/guard/session.decide#2:DropCheck (the errInFlightFull case
// forced false: "the server's output has ended") and the ShiftLimit
// mutant of DefaultMaxInFlightIDBytes; it pins DefaultMaxInFlight and
// CodeServerGone (-32000) as literals too, whose mutants other tests kill.
func TestProxyAnswersPastTheInFlightBoundWithItsBounds(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    *Proxy
		want string
	}{
		{"count", &Proxy{MaxInFlight: 1},
			"io.noescalation guard: the request was not answered: not forwarded: 1 requests (or 67108864 bytes of ids) are in flight, the guard's bound"},
		{"bytes", &Proxy{maxInFlightIDBytes: 4},
			"io.noescalation guard: the request was not answered: not forwarded: 65536 requests (or 4 bytes of ids) are in flight, the guard's bound"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cw, lines, s, done := inFlightSession(t, tc.p)
			if _, err := cw.Write([]byte(slowRequest(`"a"`) + "\n" + slowRequest(`"b"`) + "\n")); err != nil {
				t.Fatal(err)
			}
			var l []byte
			select {
			case l = <-lines:
			case <-time.After(20 * time.Second):
				t.Fatalf("no answer while the server runs (%d in flight)", s.inFlight.size())
			}
			var m struct {
				ID    string `json:"id"`
				Error struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
			}
			if err := json.Unmarshal(l, &m); err != nil {
				t.Fatalf("the client read %q: %v", l, err)
			}
			if m.ID != "b" || m.Error.Code != -32000 || m.Error.Message != tc.want {
				t.Errorf("the answer past the bound: %s\nwant id \"b\", code -32000, message %q", l, tc.want)
			}
			cw.Close()
			for range lines {
			}
			<-done
		})
	}
}
