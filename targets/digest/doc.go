// Package digest computes the action digest of a tool call: the value that
// binds a per-call proof to exactly one invocation.
//
//	action digest = BASE64URL(SHA-256(JCS({"method", "name", "arguments"})))
//
// [Parse] finds method, name and arguments in a JSON-RPC tools/call request
// (or a plain object with just those three members), each as the raw JSON
// transmitted; [Invocation.AppendCanonical] writes the RFC 8785 form of
// the three-member object from those bytes with package jcs, never through
// a decoded value; [Sum] hashes it, and [Digest.String] encodes it.
//
// # Specifications
//
//   - draft-lee-wimse-local-tool-call-proof-00, "Per-Call Proof for Local
//     Tool Invocation by AI Agents", section 5: the action digest, with
//     arguments taken exactly as transmitted and not normalized.
//   - RFC 8785, JSON Canonicalization Scheme: the JCS function, with the
//     admission of section 3.1 done by package admit on the whole request.
//   - FIPS 180-4: SHA-256. RFC 4648 section 5: base64url, unpadded.
//   - JSON-RPC 2.0 and the Model Context Protocol's tools/call request:
//     {"jsonrpc":"2.0","id":…,"method":"tools/call","params":{"name":…,
//     "arguments":{…}}}.
//
// # Profiles
//
// Under [admit.RFC8785], the default, numbers are IEEE 754 doubles as in
// RFC 8785, so arguments {"id":9007199254740993} and {"id":9007199254740992}
// have one digest: a proof for one covers the other. Under [admit.IJSON]
// both are refused (RFC 7493 section 2.2), and so is every number whose
// double has magnitude 2^53 or more, so no two distinct integers share a
// digest.
// Neither profile stops decimals with more precision than a double from
// collapsing: 0.1 and 0.10000000000000000555 have one digest under both,
// and so do 10000000000000000.1 and 10000000000000000 under RFC 8785
// (I-JSON refuses both).
//
// # Security Considerations
//
// The draft says the digest identifies exactly one invocation. A parser
// that resolves a duplicate member silently (keeping the first or the last
// value) breaks that: two parties that resolve differently act on
// different arguments under one proof. Admission therefore applies to the
// whole request before anything is read, and a duplicate member anywhere
// in it is an admit.DuplicateMember refusal, not a choice. The same holds
// for lone surrogates, which a decoder would replace with U+FFFD.
//
// JCS removes differences of representation (member order, whitespace,
// number spelling, string escapes), not of meaning: composed U+00E9 and
// decomposed "e" + U+0301 keep different digests, as the draft notes.
package digest
