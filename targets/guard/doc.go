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
//     too large) is answered with -32700 or -32600 and id null, and never
//     forwarded: a server whose parser is more lenient could read it as a
//     call the guard never checked. Section 4.3 says to relay unparseable
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
// # The proxy
//
// [Proxy] starts the server command and carries newline-delimited JSON-RPC
// (the MCP stdio transport) in both directions; see proxy.go.
package guard
