// Package guard is the guard of SEP-3246 ("Provenance-Carrying Authority
// Confinement for Delegated Tool Calls", the io.noescalation extension of
// MCP), section 4: a component on the stdio path between an MCP client and
// an MCP server that extends the provenance chain of every tools/call by
// one hop and forwards the call only if it lies within effbound.
//
// # The decision
//
// [Decide] takes one raw JSON-RPC message from the client and says what to
// do with it ([Decision]): relay it unchanged, forward a rewritten
// tools/call, or answer the client with a JSON-RPC error and send nothing
// to the server. The bound language, the meet and the check are
// targets/bound's; admission of the raw bytes is targets/admit's. The
// decision indexes the admitted bytes in one walk (targets/internal/jsonwire) and
// decodes only the chain and the constrained arguments, so its cost is a
// small multiple of the message's size; [DecideReference] is its slow
// twin over a tree of the whole message, for differential tests.
//
// # Readings this package takes
//
//   - Every message is admitted by admit.Scan before anything is read from
//     it. One that is refused (a syntax error, a duplicate member, a lone
//     surrogate, ill-formed UTF-8, a number with no finite double, too deep,
//     too large) is answered with -32700 or -32600, and never forwarded: a
//     server whose parser is more lenient could read it as a call the
//     guard never checked. The answer carries the request's id when every
//     parser reads the same one (refusedEnvelope), id null otherwise; a
//     refused notification is not answered (Decision.Notification).
//   - Admitted, a message is still refused when a member the guard reads
//     (jsonrpc, id, method, params; a call's name, arguments, _meta; an
//     argument the chain constrains) has another name equal to it once
//     case is folded ("Method", "ARGUMENTS", "argument\u017f"): a server
//     decoding with Go's encoding/json into structs reads it as that
//     member, or as the last of the two (fold.go). Section 4.3 says to relay unparseable
//     traffic unchanged; findings/spec/guard-relay-unparseable.md.
//   - A forwarded tools/call is the client's admitted message with the
//     value of params._meta["io.noescalation/provenance"] replaced by the
//     extended chain (inserted when absent): the inbound chain written back
//     hop for hop by targets/bound, without the reserved "sig" (section
//     2.2), with one hop appended (section 4.1). Every other byte is the
//     client's, and the arguments are judged from the forwarded bytes, so
//     the server reads what the guard checked: admission leaves every
//     reader one reading (no duplicate member, no lone surrogate, no
//     ill-formed UTF-8).
//   - Every message sent on is one line to every line reader (LF, CRLF,
//     CR, universal newlines, str.splitlines, Node's readline): a CR or LF
//     between tokens becomes a space, a raw U+2028, U+2029 or U+0085 in a
//     string its \u escape, which keeps the JSON value
//     (findings/spec/guard-framing.md).
//   - A batch (a top-level array) is refused whole with -32600: section 4.2
//     says only "tools/call" is checked, and a batch is literally not one;
//     findings/spec/guard-batch.md. MCP since 2025-06-18 has no batches.
//   - A tools/call without an id, or with an id that is not a string or a
//     number, is refused with -32600: MCP requests carry a string or integer
//     id, and a call the guard cannot answer must still not pass.
//   - Absent provenance is handled by the configured [Disposition]; there is
//     no default (section 4.5.1). Present but malformed provenance is a
//     violation (section 4.3), and is refused in audit mode as well:
//     findings/spec/guard-audit-malformed.md.
//   - Messages other than tools/call requests (other methods, notifications,
//     responses) are relayed unchanged once admitted (section 4.2): byte
//     for byte, or written as one line when they hold a line end.
//
// # Hardening: what the guard refuses that SEP-3246 admits
//
// The decision is targets/bound's Check, which decides by the reading
// bound.Hardened: the text of section 3.2.2 with hardening layers on top
// (bound.HardeningLayers, each with its finding). bound.CheckLiteral is the
// same check with every layer off, held to the SEP's own examples; the
// guard study (docs/STUDY.md) counts what the layers refuse apart from the
// reference guard's violations. The one a deployment notices first: an
// argument byte-identical to an eq or in operand that holds an encoded
// separator ({"eq": "acme%2Fapp"} and the argument "acme%2Fapp", or
// {"prefix": ""} and "%2F") is admitted under every reading of the text,
// and this guard refuses it, because an undeclared string is also read as
// a path (findings/spec/canon-undeclared-path.md) and a path segment that
// decodes to '/' reads as one directory to a server that decodes it and as
// another to one that does not (findings/spec/canon-encoded-separator.md).
// A deployment that marks the argument bound.ModePlain in its
// bound.Schemas admits it as the text does.
//
// # The proxy
//
// [Proxy] starts the server command and carries newline-delimited JSON-RPC
// (the MCP stdio transport) in both directions; see proxy.go.
//
// # Cancellation
//
// MCP's "Cancellation" utility (basic/utilities/cancellation): a party
// cancels a request it issued with the notification
// notifications/cancelled, params {"requestId": ID, "reason": ...}; the
// initialize request MUST NOT be cancelled; the receiver SHOULD stop, free
// the request's resources and not answer it, and MAY ignore a cancel of an
// unknown or finished request (or one that cannot be cancelled); the
// sender SHOULD ignore an answer that arrives after its cancel. The guard
// keeps a table of the client's requests in flight (each gets one answer:
// the server's, or CodeServerGone when the server goes away), and reads a
// client's cancel as follows:
//
//   - It is a client message like any other: admitted and decided by
//     [Decide], which relays it, and forwarded to the server as relayed.
//   - The request it names leaves the table: the guard never answers it,
//     neither with CodeServerGone when the server's output ends nor with
//     the server's answer if one comes later (the Go SDK's server sends
//     one), which is dropped as an answer to nothing in flight. Relaying
//     that late answer
//     would mean remembering every cancelled id for as long as the
//     server may answer, which is forever for a server that honours the
//     cancel by not answering (the TypeScript SDK's): the table would grow
//     with every cancel, which is the defect of issue 16. The client,
//     which "SHOULD ignore" such an answer, sees no difference; the table
//     never holds more than the requests in flight and not cancelled.
//   - Ids are compared as the table keys them (idKeyOf), for the server's
//     answers and the client's cancels alike: 1 and "1" are two ids
//     (JSON-RPC 2.0 section 4), a string is compared decoded ("\u0061"
//     is "a"), a number by its exact decimal value, read from its digits
//     with no float64 (1.0, 1e0 and 10E-1 are 1; -0 is 0;
//     9007199254740993 is not 9007199254740992). Section 5 asks for the
//     response id to be the request's value, clients compare parsed
//     numbers (JavaScript's ===, Python's ==), and the Go SDK's server
//     answers 1.0 with 1: matched as written, that answer was dropped and
//     the request answered CodeServerGone. The server's answer is relayed
//     with its id as it wrote it. A number id the guard cannot key within
//     a fixed size (more than 64 significant digits, an exponent of 2^40
//     or more) is answered -32600 and not forwarded. A cancel that names no request in flight (never forwarded,
//     refused by the guard and answered by it, answered, cancelled
//     already) forgets nothing; one cancel forgets one request, so a
//     client reusing an id in flight (which MCP forbids) still gets one
//     answer for each request it did not cancel.
//   - A cancel of an initialize request forgets nothing: initialize cannot
//     be cancelled, so its answer is still awaited and relayed.
//   - A cancel the guard cannot read (no params object, a requestId absent
//     or not a string or a number, a message with an id member, which is a
//     request whatever its method) forgets nothing, and is forwarded all
//     the same: the server ignores it as MCP says.
//   - The server's own notifications/cancelled (for a request it sent the
//     client) is relayed like any server line; the guard keeps no table of
//     the server's requests, so nothing is forgotten or held for them, and
//     the client's late answer is relayed like any client response. A
//     server's cancel never makes the guard forget a client request.
package guard
