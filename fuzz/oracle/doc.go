// Package oracle defines the one interface every reference canonicalizer
// satisfies, so that canonfuzz can hold its own RFC 8785 implementation to
// any of them, and any of them to each other, in a differential test in the
// manner of cedar-spec: the implementation under test sits behind
// [Canonicalizer], any implementation can be plugged in, and a mismatch is
// reported with the full input.
//
// The adapters live in one package each:
//
//   - [github.com/canonfuzz/canonfuzz/fuzz/oracle/gowebpki]: github.com/gowebpki/jcs;
//   - [github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone]: the Go reference
//     implementation by the RFC's author;
//   - [github.com/canonfuzz/canonfuzz/fuzz/oracle/jsontext]: go-json-experiment
//     jsontext.Value.Canonicalize;
//   - [github.com/canonfuzz/canonfuzz/fuzz/oracle/node]: the npm packages
//     canonicalize and json-canonicalize, and an ECMAScript ground truth
//     (JSON.parse, default sort, JSON.stringify), each in a long-lived Node
//     process;
//   - [github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess]: any
//     implementation in any language that speaks the JSON-lines protocol of
//     subprocess/PROTOCOL.md.
//
// [github.com/canonfuzz/canonfuzz/fuzz/oracle/installed] opens all of them
// at once and names each one that cannot start.
//
// # Errors
//
// An oracle answers in one of three ways, which callers tell apart with
// errors.Is:
//
//   - canonical bytes and a nil error;
//   - a refusal ([ErrRefused]): the implementation judged the input invalid.
//     That is an answer, to be compared with what the target under test did;
//   - a breakdown: the implementation panicked ([ErrPanic]), or its process
//     crashed, hung or broke the protocol (the subprocess package's
//     sentinels). A breakdown is a finding about the oracle, never a crash of
//     the test that asked.
//
// An oracle that is not installed is reported as [ErrNotInstalled], and
// tests fail on it rather than skip.
//
// # Comparing
//
// [Differ] runs one input through the implementation under test and any
// number of references and returns a [Disagreement], carrying the full
// input and both answers, for each reference that answered differently.
// Two refusals agree whatever their reasons; a breakdown agrees with
// nothing.
package oracle
