// Package guard is the guard of SEP-3246 ("Provenance-Carrying Authority
// Confinement for Delegated Tool Calls", the io.noescalation extension of
// MCP), section 4: a component on the stdio path between an MCP client and
// an MCP server that extends the provenance chain of every tools/call by
// one hop and forwards the call only if it lies within effbound.
//
// # The decision
//
// [Decide] takes one raw JSON-RPC message from the client and says what to
// do with it ([Decision]): relay it byte for byte, forward a rewritten
// tools/call, or answer the client with a JSON-RPC error and send nothing
// to the server. The bound language, the meet and the check are
// targets/bound's; admission of the raw bytes is targets/admit's.
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
//   - A forwarded tools/call is the guard's own serialization of the value
//     it checked (members sorted by name, strings escaped as RFC 8785 does,
//     numbers as written), so the server reads what the guard read. The
//     inbound chain is written back hop for hop, without the reserved "sig"
//     (section 2.2), with one hop appended (section 4.1).
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
//     responses) are relayed byte for byte once admitted (section 4.2).
//
// # The proxy
//
// [Proxy] starts the server command and carries newline-delimited JSON-RPC
// (the MCP stdio transport) in both directions; see proxy.go.
package guard
