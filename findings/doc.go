// Package findings holds the regression vectors the minimizer writes, and
// replays every one of them in `go test ./...`.
//
// # The vector format
//
// One vector per file, findings/TARGET/NAME.vec, after the C2SP/CCTV
// vectors: "key: value" header lines, a blank line, then the payload bytes
// exactly (no newline is added after them). The keys, in the order Marshal
// writes them:
//
//	target:        the short name of the target (admit, jcs, bound), which
//	               is also the folder the vector is in
//	mode:          outcome (the signature is the target's verdict) or
//	               failure (a panic or a property failure)
//	signature:     the minimize.Signature the payload had when it was written
//	status:        fixed, incumbent, spec or open (see Status)
//	found:         the date the finding was first recorded, YYYY-MM-DD
//	source:        the file the finding was reduced from
//	source-sha256: the SHA-256 of that file, in hex
//	size-before:   the bytes of the input before reduction
//	size-after:    the bytes of the payload
//	count:         how many times this signature was recorded
//	expected:      true, for an open vector that may fail (optional)
//	comment:       one line for people (optional)
//
// Parse refuses an unknown, repeated or missing key and a value out of its
// range, and Record keeps one vector per signature: recording a signature
// again only adds to its count.
//
// findings/spec/ is not a target: it holds the write-ups of SEP-3246
// corners that targets/bound pins in its own tests, and Load skips it.
package findings
