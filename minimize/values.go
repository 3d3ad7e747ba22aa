package minimize

import (
	"bytes"
	"context"
	"fmt"
	"math/bits"
	"slices"
	"time"
)

// A ValuesSigner replays a target on the arguments of one fuzz execution,
// as f.Fuzz takes them after *testing.T. It must be a pure function of
// them.
type ValuesSigner interface {
	SignValues(values []any) Signature
}

// ValuesSignerFunc adapts a function to a ValuesSigner.
type ValuesSignerFunc func(values []any) Signature

// SignValues calls f.
func (f ValuesSignerFunc) SignValues(values []any) Signature { return f(values) }

// SignValues replays s on values, with a panic recovered as Sign does.
func SignValues(s ValuesSigner, values []any) (sig Signature) {
	return Sign(SignerFunc(func([]byte) Signature { return s.SignValues(values) }), nil)
}

// ValuesResult is the smallest arguments found and what it took.
type ValuesResult struct {
	Values    []any
	Signature Signature
	Stats     Stats // sizes are the bytes of the byte-string arguments
}

// MinimizeValues reduces the arguments of a failing fuzz execution with
// their signature kept, one argument at a time while the others are held:
// a []byte or string with the stages of Minimize (the JSON stages apply
// when it tokenizes), a bool to false, an integer to 0 or to a value with
// fewer bits set, nearer 0. Rounds over the arguments repeat until one
// changes nothing. It returns ErrNoFailure when values do not fail; a run
// stopped by the deadline or ctx returns the best arguments found.
func MinimizeValues(ctx context.Context, values []any, s ValuesSigner, opts Options) (ValuesResult, error) {
	if s == nil {
		return ValuesResult{}, ErrNoSigner
	}
	start := time.Now()
	if opts.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, start.Add(opts.Time))
		defer cancel()
	}
	best := slices.Clone(values)
	res := ValuesResult{Values: best, Signature: SignValues(s, best)}
	res.Stats = Stats{SizeBefore: valuesSize(values), Tries: 1}
	if res.Signature == Pass {
		res.Stats.SizeAfter, res.Stats.Elapsed = res.Stats.SizeBefore, time.Since(start)
		return res, ErrNoFailure
	}
	want := res.Signature
	keeps := func(vs []any) bool {
		res.Stats.Tries++
		if SignValues(s, vs) != want {
			return false
		}
		res.Stats.Kept++
		return true
	}
	for ctx.Err() == nil {
		res.Stats.Rounds++
		changed := false
		for i := range best {
			if ctx.Err() != nil {
				break
			}
			switch v := best[i].(type) {
			case []byte, string:
				in := asBytes(v)
				_, isString := v.(string)
				sub := SignerFunc(func(b []byte) Signature {
					vs := slices.Clone(best)
					vs[i] = fromBytes(b, isString)
					return SignValues(s, vs)
				})
				r, err := Minimize(ctx, in, sub, Options{Progress: opts.Progress})
				res.Stats.Tries += r.Stats.Tries
				res.Stats.Kept += r.Stats.Kept
				if err == nil && r.Signature == want && smaller(r.Input, in) {
					best[i], changed = fromBytes(r.Input, isString), true
				}
			default:
				if c, ok := smallerScalar(v, func(c any) bool {
					vs := slices.Clone(best)
					vs[i] = c
					return keeps(vs)
				}); ok {
					best[i], changed = c, true
				}
			}
		}
		if !changed {
			res.Stats.Complete = ctx.Err() == nil
			break
		}
	}
	res.Values = best
	res.Stats.SizeAfter = valuesSize(best)
	res.Stats.Elapsed = time.Since(start)
	if opts.Progress != nil {
		fmt.Fprintf(opts.Progress, "minimize: values done: %d -> %d bytes, %d tries, %d rounds, complete %v\n",
			res.Stats.SizeBefore, res.Stats.SizeAfter, res.Stats.Tries, res.Stats.Rounds, res.Stats.Complete)
	}
	return res, nil
}

// smallerScalar tries simpler values of a scalar argument, best first, and
// returns the first that keeps the signature: false for true; for an
// integer 0, then the value with one set bit cleared, highest first.
func smallerScalar(v any, keeps func(any) bool) (any, bool) {
	var cands []any
	switch v := v.(type) {
	case bool:
		if v {
			cands = []any{false}
		}
	case uint8:
		for _, c := range clearedBits(uint64(v)) {
			cands = append(cands, uint8(c))
		}
	case uint64:
		for _, c := range clearedBits(v) {
			cands = append(cands, c)
		}
	case int:
		mag, neg := uint64(v), v < 0
		if neg {
			mag = uint64(-v)
		}
		for _, c := range clearedBits(mag) {
			if neg {
				cands = append(cands, -int(c))
			} else {
				cands = append(cands, int(c))
			}
		}
	}
	for _, c := range cands {
		if keeps(c) {
			return c, true
		}
	}
	return nil, false
}

// clearedBits is 0 and x with each of its set bits cleared, highest first;
// nothing for 0.
func clearedBits(x uint64) []uint64 {
	if x == 0 {
		return nil
	}
	out := []uint64{0}
	for b := 63 - bits.LeadingZeros64(x); b >= 0; b-- {
		if c := x &^ (1 << b); x&(1<<b) != 0 && c != 0 {
			out = append(out, c)
		}
	}
	return out
}

func asBytes(v any) []byte {
	if s, ok := v.(string); ok {
		return []byte(s)
	}
	return bytes.Clone(v.([]byte))
}

func fromBytes(b []byte, isString bool) any {
	if isString {
		return string(b)
	}
	return bytes.Clone(b)
}

// valuesSize is the bytes of the byte-string arguments.
func valuesSize(values []any) int {
	n := 0
	for _, v := range values {
		switch v := v.(type) {
		case []byte:
			n += len(v)
		case string:
			n += len(v)
		}
	}
	return n
}
