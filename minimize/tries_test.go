package minimize

import (
	"bytes"
	"context"
	"testing"
	"time"
)

// A run bounded by Tries replays exactly that many candidates and ends on
// the same bytes whatever the signer's speed: one run with a signer that
// answers at once and one whose every answer is slow and uneven stop at
// the same input, and both say the tries stopped them. The clock, as a
// safety net, says so when it is what stopped the run.
func TestMinimizeTriesBudgetIsTheSameAtAnySpeed(t *testing.T) {
	in := bytes.Repeat([]byte("xxAxxCxxBxx"), 40)
	const budget = 20
	fast, err := Minimize(context.Background(), in, SignerFunc(twoBugs), Options{Tries: budget})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	slow := SignerFunc(func(input []byte) Signature {
		n++
		time.Sleep(time.Duration(n%3) * 200 * time.Microsecond)
		return twoBugs(input)
	})
	loaded, err := Minimize(context.Background(), in, slow, Options{Tries: budget, Time: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []Result{fast, loaded} {
		if r.Stats.Complete || r.Stats.Stopped != StoppedTries || r.Stats.Tries != budget || twoBugs(r.Input) != "bug-ab" {
			t.Fatalf("%d bytes after %d tries, complete %v, stopped %q", len(r.Input), r.Stats.Tries, r.Stats.Complete, r.Stats.Stopped)
		}
	}
	if !bytes.Equal(fast.Input, loaded.Input) {
		t.Fatalf("the same budget ended on %q and on %q", fast.Input, loaded.Input)
	}
	if len(fast.Input) >= len(in) {
		t.Fatalf("%d tries reduced nothing", budget)
	}

	done, err := Minimize(context.Background(), in, SignerFunc(twoBugs), Options{Tries: 1 << 20})
	if err != nil || !done.Stats.Complete || done.Stats.Stopped != "" || string(done.Input) != "AB" {
		t.Fatalf("an ample budget: %q, complete %v, stopped %q, %v", done.Input, done.Stats.Complete, done.Stats.Stopped, err)
	}

	late := SignerFunc(func(input []byte) Signature {
		time.Sleep(time.Millisecond)
		return twoBugs(input)
	})
	net, err := Minimize(context.Background(), bytes.Repeat(in, 5), late, Options{Tries: 1 << 20, Time: 10 * time.Millisecond})
	if err != nil || net.Stats.Complete || net.Stats.Stopped != StoppedTime {
		t.Fatalf("the clock as a safety net: complete %v, stopped %q, %v", net.Stats.Complete, net.Stats.Stopped, err)
	}
}
