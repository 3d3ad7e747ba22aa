// Package minimize reduces a failing input to a small one that fails in
// exactly the same way.
//
// A Signer replays a target in process and names what an input does to it
// (the targets' signers are fuzz/signer's, the verdicts
// fuzz/verdict's):
// its Signature. For a panic that is the panicking function and a stable
// class of the message; for a property failure, the property and the class
// of divergence; in outcome mode, the target's verdict itself (for example
// admit:DuplicateMember), so that a large hostile input the target refuses
// correctly can also become a small regression vector. Minimize keeps a
// candidate only if its signature equals the original one: Go's built-in
// minimizer and libFuzzer's -minimize_crash keep any failure, and can end on
// a different bug than the one they started from.
//
// # Stages
//
// Minimize runs rounds until a round changes nothing or time runs out. A
// round cuts the tail, then runs the JSON stages on the input read as a
// stream of JSON tokens (the tokenizer is tolerant: unterminated strings and
// containers, stray bytes and mismatched brackets are all kept, so invalid
// JSON is reduced at the token level too), then the byte stages of Go's
// internal/fuzz minimizer:
//
//   - drop-items: drop object members and array elements, in halving chunks
//     per container (so hops of a provenance chain, rules of a bound and
//     arguments of a rule are dropped by the same code);
//   - unwrap: replace a container by the value of one of its members or
//     elements, an object by the array of its values, an empty container
//     by 0;
//   - strings: shorten equal strings together, so that a duplicate name
//     stays a duplicate, then each string by code point (an escape counts
//     as one);
//   - escapes: replace an escape by the literal it stands for;
//   - scalars: simplify numbers (to 0, 1, shorter digit strings),
//     literals and strings (to 0, 1);
//   - cut-tail, remove-chunks, remove-bytes, remove-ranges, simplify-bytes:
//     the byte stages, which also handle input the JSON stages cannot read.
//
// Every candidate is shorter than the best input so far, or as long and
// lexicographically smaller, so the rounds reach a fixed point. Small
// candidates that lost the signature are remembered and not replayed again.
//
// # Determinism and time
//
// The stages try candidates in a fixed order and a Signer must be a pure
// function of its input, so a run that completes (Stats.Complete) gives the
// same result for the same input every time. A deadline (Options.Time) or a
// cancelled context stops a run early with the best input found so far.
// A Signer that loops forever cannot be stopped in process; one that panics is
// recovered by Sign and the panic is its signature.
package minimize
