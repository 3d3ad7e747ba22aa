// Package subprocess runs an RFC 8785 implementation written in any
// language as an oracle.Canonicalizer: a long-lived program that answers
// JSON-lines requests on its stdin and stdout, bytes in base64 so that
// nothing is lost in transit. PROTOCOL.md beside this file is the contract
// a server implements; the Node oracles are its first users. Version 2 of
// the protocol adds check, a SEP-3246 guard's admit or deny on one chain
// and one call ([Client.Check]); programs that speak version 1 are served
// as before.
//
// A [Client] sends one request at a time with a per-request timeout. A
// program that crashes, hangs or breaks the protocol is killed, the request
// fails with a [*Failure] wrapping [ErrCrashed], [ErrTimeout] or
// [ErrProtocol] (with the program's exit state and the tail of its
// stderr), and the program is started again before the next request.
package subprocess
