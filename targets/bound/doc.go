// Package bound implements the bound language of SEP-3246 ("Provenance-
// Carrying Authority Confinement for Delegated Tool Calls", the
// io.noescalation extension of MCP): the provenance object (section 2.2),
// rules and constraints (section 3.1, 3.2), argument canonicalization
// (section 3.2.2), the glob dialect (section 3.2.4), the meet (section 3.3),
// and the effbound check a guard makes before forwarding a tools/call
// (section 4.2).
//
// # Reading of the specification
//
// Where the text read literally would let a bound admit more than its author
// wrote, this package takes the narrower reading; each such corner is written
// down under findings/spec/ in the repository and pinned by a test named
// TestFinding... in this package.
//
// That narrowing is a layer that can be switched off. A [Reading] names a
// choice on each point the text leaves open ([OpenPoints]) and a set of
// hardening layers ([HardeningLayers], each with its finding). [Check]
// decides by [Hardened]; [CheckLiteral] decides by [Literal], the letter of
// the text with every layer off, held to the SEP's own examples
// (testdata/sep-examples.json); [Reading.Check] decides by any reading, and
// [TextReadings] are every reading of the text itself. The hardening is
// the layers: [Reading.CheckLayered] of Hardened (the text with every layer
// on) gives Check's answer on every probe of the guard study
// (matrix.TestLayeredHardenedReadingIsCheck). "Exact" in this
// repository means exact to a named reading: [EffBound]'s meet and the
// guard study's model are exact to Hardened, not to the text under every
// reading.
//
// # What a guard uses
//
//   - [Parse] turns the raw bytes of a provenance object into a [Provenance]
//     (admission by targets/admit first, then a strict decode); every fault is
//     a [*MalformedError] matching [ErrMalformed], at a JSON pointer, whose
//     [Fault] names the rule of section 2.2, 3.1 or 3.2 it broke.
//   - [Provenance.Extend] appends one hop; [Provenance.MarshalJSON] writes the
//     chain back deterministically.
//   - [EffBound] computes the meet of every hop's bound; [Check] decides one
//     call against a chain, returning a [Decision] with a reason. [Prepare]
//     makes a chain's check of one tool once ([Prepared]: the rules, their
//     meet and canonical operands) for a guard that checks many calls with
//     one chain; its Check is Check's decision, reason included.
//   - [ParseTools] reads a tools/list result into [Schemas], which say which
//     arguments are paths or URIs (section 3.2.2 step 2 and 3).
//
// Nothing here panics on any input; a fault is an error and every error
// denies.
package bound
