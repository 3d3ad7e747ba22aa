package minimize

import (
	"bytes"
	"context"
	"errors"
	"github.com/canonfuzz/canonfuzz/internal/testdocs"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// twoBugs fails in two ways: "bug-ab" when the input holds both 'A' and 'B',
// else "bug-c" when it holds 'C'. From "xxAxxCxxBxx" a minimizer that keeps
// any failure can end on "C"; one that keeps the signature must end on "AB".
func twoBugs(input []byte) Signature {
	switch {
	case bytes.IndexByte(input, 'A') >= 0 && bytes.IndexByte(input, 'B') >= 0:
		return "bug-ab"
	case bytes.IndexByte(input, 'C') >= 0:
		return "bug-c"
	}
	return Pass
}

func TestMinimizeKeepsTheExactSignature(t *testing.T) {
	res, err := Minimize(context.Background(), []byte("xxAxxCxxBxx"), SignerFunc(twoBugs), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if string(res.Input) != "AB" || res.Signature != "bug-ab" || !res.Stats.Complete {
		t.Fatalf("got %q (%s, complete %v), want \"AB\" (bug-ab, complete)", res.Input, res.Signature, res.Stats.Complete)
	}
	if res.Stats.SizeBefore != 11 || res.Stats.SizeAfter != 2 || res.Stats.Kept == 0 || res.Stats.Tries <= res.Stats.Kept {
		t.Errorf("stats %+v", res.Stats)
	}
}

func TestMinimizeLeavesItsInputAlone(t *testing.T) {
	in := []byte("xxAxxCxxBxx")
	if _, err := Minimize(context.Background(), in, SignerFunc(twoBugs), Options{}); err != nil {
		t.Fatal(err)
	}
	if string(in) != "xxAxxCxxBxx" {
		t.Fatalf("input changed to %q", in)
	}
}

func TestMinimizeRefusesAPassingInput(t *testing.T) {
	res, err := Minimize(context.Background(), []byte("xyz"), SignerFunc(twoBugs), Options{})
	if !errors.Is(err, ErrNoFailure) || string(res.Input) != "xyz" {
		t.Fatalf("got %q, %v; want the input back and ErrNoFailure", res.Input, err)
	}
	if _, err := Minimize(context.Background(), []byte("A"), nil, Options{}); !errors.Is(err, ErrNoSigner) {
		t.Fatalf("nil signer: %v", err)
	}
}

// explode panics with an index out of range when the input holds '!'.
func explode(input []byte) Signature {
	if i := bytes.IndexByte(input, '!'); i >= 0 {
		var none []int
		return Signature(rune(none[i]))
	}
	return Pass
}

func TestPanicIsTheSignature(t *testing.T) {
	want := Signature("panic:minimize.explode:runtime error: index out of range [N] with length N")
	if got := Sign(SignerFunc(explode), []byte("ab!cd")); got != want {
		t.Fatalf("Sign = %q, want %q", got, want)
	}
	res, err := Minimize(context.Background(), []byte(`{"a": "!!", "b": [1, 2, 3]}`), SignerFunc(explode), Options{})
	if err != nil || string(res.Input) != "!" || res.Signature != want {
		t.Fatalf("got %q (%s), %v", res.Input, res.Signature, err)
	}
}

func TestMessageClass(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"index out of range [5] with length 3", "index out of range [N] with length N"},
		{`bad name "x\"y" at 12`, `bad name "…" at N`},
		{"line\nbreak", "line break"},
		{strings.Repeat("ab", 100), strings.Repeat("ab", 40)},
	} {
		if got := MessageClass(c.in); got != c.want {
			t.Errorf("MessageClass(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A run stopped by its deadline returns the best input so far, with the
// signature kept, no error, and Complete false.
func TestMinimizeStopsAtTheDeadline(t *testing.T) {
	slow := SignerFunc(func(input []byte) Signature {
		time.Sleep(time.Millisecond)
		return twoBugs(input)
	})
	in := bytes.Repeat([]byte("xxAxxCxxBxx"), 200)
	res, err := Minimize(context.Background(), in, slow, Options{Time: 20 * time.Millisecond})
	if err != nil || res.Stats.Complete || res.Signature != "bug-ab" || twoBugs(res.Input) != "bug-ab" {
		t.Fatalf("got %d bytes (%s, complete %v), %v", len(res.Input), res.Signature, res.Stats.Complete, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err = Minimize(ctx, in, slow, Options{})
	if err != nil || res.Stats.Complete || !bytes.Equal(res.Input, in) {
		t.Fatalf("cancelled context: %d bytes, complete %v, %v", len(res.Input), res.Stats.Complete, err)
	}
}

// Two runs on one input give the same bytes.
func TestMinimizeIsDeterministic(t *testing.T) {
	doc := testdocs.HugeDuplicate(64<<10, 12, 7)
	s := SignerFunc(func(in []byte) Signature { // admission's kind, as the admit verdict signs it
		var e *admit.Error
		if errors.As(admit.Scan(in, admit.Options{}), &e) {
			return Signature(e.Kind)
		}
		return "admitted"
	})
	a, err := Minimize(context.Background(), doc, s, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Minimize(context.Background(), doc, s, Options{})
	if err != nil || !bytes.Equal(a.Input, b.Input) || a.Stats.Tries != b.Stats.Tries {
		t.Fatalf("%q after %d tries, then %q after %d, %v", a.Input, a.Stats.Tries, b.Input, b.Stats.Tries, err)
	}
}

func TestMinimizeReportsProgress(t *testing.T) {
	var log bytes.Buffer
	if _, err := Minimize(context.Background(), []byte("xxAxxCxxBxx"), SignerFunc(twoBugs), Options{Progress: &log}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "minimize: round 1, cut-tail: 11 -> ") || !strings.Contains(log.String(), "minimize: done: 11 -> 2 bytes") {
		t.Fatalf("progress:\n%s", log.String())
	}
}
