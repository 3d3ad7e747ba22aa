// Package es6numbers checks a formatter of IEEE 754 doubles against
// ECMAScript's Number::toString, the number serialization RFC 8785
// section 3.2.2.3 prescribes, in two ways:
//
//   - against Node's String(x) itself, through the node oracle's number
//     op, on any list of doubles; [Sample] makes a seeded list across every
//     magnitude and the boundary values;
//   - against the SHA-256 hashes the RFC's author publishes for his 100
//     million line test file es6testfile100m.txt, which [TestFile]
//     regenerates double by double (the generation method is described in
//     testdata/README.md of github.com/cyberphone/json-canonicalization),
//     so the file itself never has to be fetched.
//
// The command es6check runs the full 100 million line check.
package es6numbers

// Formatter appends the ECMAScript string form of f to dst, as
// targets/jcs.AppendNumber does.
type Formatter func(dst []byte, f float64) []byte
