package bound

import (
	"errors"
	"fmt"
	"strings"
)

// A Reading is one way to read the bound language of SEP-3246 where the
// text can be read more than one way, together with the hardening this
// package adds on top of the text. [Check] decides by [Hardened];
// [CheckLiteral] decides by [Literal], the text with every hardening layer
// switched off. "Exact" in this repository's documents means exact to a
// named reading: the study's model is exact to Hardened.
//
// The open points (each a field; [OpenPoints] names them with their clause):
//
//   - Undeclared: how a string argument no tool schema declares is
//     canonicalized. Section 3.2.2 step 2 decodes "arguments whose tool
//     schema declares them to be URIs, paths, or otherwise percent-encoded"
//     (the letter: an undeclared string gets NFC only, [ModePlain]); step 3
//     normalizes "arguments denoting hierarchical paths", which the reference
//     guard reads as every string ([ModeHierarchical]). [ModeDual], both
//     readings must admit, is this package's hardening
//     (findings/spec/canon-undeclared-path.md).
//   - Prefix: whether a path prefix written with a trailing separator keeps
//     a segment boundary once step 3 has removed the separator (section
//     3.2.2 "the identical transformation to the string operand of a
//     prefix", section 3.2 "string starts with prefix";
//     findings/spec/prefix-trailing-separator.md).
//   - EmptyAnd: whether {"and": []} is satisfied by every value (section 3.2
//     "satisfies all") or is malformed (the grammar's "[ constraint, ... ]"
//     read as one or more; findings/spec/and-empty.md).
//   - JSON: what a duplicate member name, ill-formed UTF-8 or a lone
//     surrogate, and a number beyond every double mean: RFC 8259 sections 4,
//     8.1, 8.2 and 9 leave each to the implementation, and SEP-3246 says
//     nothing. Strict refuses them (I-JSON, RFC 7493: what targets/admit
//     does); the lenient readings keep the last or the first duplicate and
//     replace an ill-formed sequence by U+FFFD, as most decoders do.
//
// The hardening layers (the bits of Harden; [HardeningLayers] names each
// with the finding that argues for it) only refuse what the text admits,
// except NFC after decoding, which also makes two spellings of one name
// equal.
type Reading struct {
	Undeclared Mode // ModePlain, ModeHierarchical or ModeDual
	Prefix     PrefixReading
	EmptyAnd   EmptyAndReading
	JSON       JSONReading
	Harden     Hardening
}

// PrefixReading is the Prefix open point.
type PrefixReading uint8

const (
	// PrefixString: "starts with" on the canonical strings, so the operand
	// "/srv/acme/", normalized to "/srv/acme", admits "/srv/acme-secrets".
	PrefixString PrefixReading = iota
	// PrefixBoundary: an operand written with a trailing separator admits
	// its directory and what lies under it, never a longer name.
	PrefixBoundary
)

// EmptyAndReading is the EmptyAnd open point.
type EmptyAndReading uint8

const (
	EmptyAndAll       EmptyAndReading = iota // every value satisfies all of no constraints
	EmptyAndMalformed                        // a chain holding one is malformed
)

// JSONReading is the JSON open point.
type JSONReading uint8

const (
	JSONStrict    JSONReading = iota // duplicates, ill-formed UTF-8, lone surrogates and non-finite numbers are malformed
	JSONLastWins                     // the last duplicate counts; ill-formed text becomes U+FFFD
	JSONFirstWins                    // the first duplicate counts; ill-formed text becomes U+FFFD
)

// Hardening is a set of hardening layers.
type Hardening uint16

const (
	// HardenEncodedStructure: a path segment that decodes to a separator
	// ('/' or '\'), to "." or ".." it was not written as, to '?' or '#', or
	// to NUL, and a '\' anywhere, make the value uncanonicalizable; a glob's
	// literal runs likewise; so does a rune NFKC maps to '.', '/' or '\'
	// (U+FF0E, U+2025, U+FF0F, U+FF3C...: structure_runes.go), raw or
	// decoded, anywhere in a path. Under every reading, a plain string or
	// nested one too: a string or member name holding a NUL is
	// uncanonicalizable, as a reader of C strings reads it cut at the NUL.
	HardenEncodedStructure Hardening = 1 << iota
	// HardenQueryInPath: a path with '?' or '#' is refused where a file path
	// and a URI reference would name different directories.
	HardenQueryInPath
	// HardenNFCAfterDecoding: NFC again after every decoding round, so the
	// canonical form is a fixed point.
	HardenNFCAfterDecoding
	// HardenGlobLiteralRuns: a glob operand is parsed before it is decoded,
	// and only its literal runs are decoded and normalized, so "%2A" stays
	// the name "*".
	HardenGlobLiteralRuns
	// HardenClassSeparator: no glob class, negated or not, matches '/'.
	HardenClassSeparator
	// HardenUnknownMembers: a member of the provenance object, a hop or a
	// rule that section 2.2 or 3.1 does not list is malformed, not ignored.
	HardenUnknownMembers
	// HardenPathRoot: a path without a scheme keeps its root: a leading
	// "//" (a network location) is refused, a drive letter is a root no
	// ".." removes, and a canonical form that begins with a drive letter
	// the value did not begin with is refused.
	HardenPathRoot

	// HardenAll is every layer.
	HardenAll = HardenEncodedStructure | HardenQueryInPath | HardenNFCAfterDecoding |
		HardenGlobLiteralRuns | HardenClassSeparator | HardenUnknownMembers | HardenPathRoot
)

// Hardened is the reading Check decides by: both readings of an undeclared
// string, boundary prefixes, an empty and malformed, strict JSON, every
// hardening layer.
var Hardened = Reading{Undeclared: ModeDual, Prefix: PrefixBoundary, EmptyAnd: EmptyAndMalformed, JSON: JSONStrict, Harden: HardenAll}

// Literal is the letter of the text with every hardening layer off: an
// undeclared string gets NFC only (section 3.2.2 step 2), a prefix is
// "starts with" on the canonical strings, an empty and is satisfied by
// everything, and JSON is read as the common decoders read it (the last
// duplicate counts, ill-formed text becomes U+FFFD).
var Literal = Reading{Undeclared: ModePlain, Prefix: PrefixString, EmptyAnd: EmptyAndAll, JSON: JSONLastWins}

// OpenPoint is one point the text leaves open: its name, the clause, and
// the name of each choice.
type OpenPoint struct {
	Name    string
	Clause  string
	Choices []string
}

// OpenPoints are the open points of the text, in the order of Reading's
// fields.
var OpenPoints = []OpenPoint{
	{"undeclared-path", "SEP-3246 3.2.2 steps 2 and 3 (only schema-declared arguments are decoded; \"arguments denoting hierarchical paths\" are normalized)", []string{"plain", "path"}},
	{"prefix-separator", "SEP-3246 3.2 (\"string starts with prefix\") with 3.2.2 step 3 (\"remove a trailing separator\", \"the identical transformation\" on the operand)", []string{"string", "boundary"}},
	{"and-empty", "SEP-3246 3.2 (\"and\": \"satisfies all\"; \"[ constraint, ... ]\")", []string{"all", "malformed"}},
	{"json", "RFC 8259 4, 8.1, 8.2, 9 (duplicate names, ill-formed UTF-8, lone surrogates, number range: left to the implementation); SEP-3246 4.3 (\"malformed chain\")", []string{"strict", "last-wins", "first-wins"}},
}

// HardeningLayer names one layer and the finding under findings/spec that
// argues for it.
type HardeningLayer struct {
	Layer   Hardening
	Name    string
	Finding string
}

// HardeningLayers lists the layers, with Undeclared's and Prefix's
// hardened choices, which are layers too when the text's readings are
// compared.
var HardeningLayers = []HardeningLayer{
	{HardenEncodedStructure, "encoded-structure", "findings/spec/canon-encoded-separator.md"},
	{HardenQueryInPath, "query-in-path", "findings/spec/canon-query-in-path.md"},
	{HardenNFCAfterDecoding, "nfc-after-decoding", "findings/spec/canon-nfc-after-decoding.md"},
	{HardenGlobLiteralRuns, "glob-literal-runs", "findings/spec/glob-percent-decoded-metacharacter.md"},
	{HardenClassSeparator, "class-separator", "findings/spec/glob-negated-class-separator.md"},
	{HardenUnknownMembers, "unknown-member", "findings/spec/rule-unknown-member.md"},
	{HardenPathRoot, "path-root", "findings/spec/canon-path-root.md"},
}

// UndeclaredDualFinding is the finding for reading an undeclared string
// both ways (Undeclared: ModeDual), the hardened choice of an open point.
const UndeclaredDualFinding = "findings/spec/canon-undeclared-path.md"

// TextReadings are the readings of the text itself: every combination of
// the open points' choices (ModePlain and ModeHierarchical for Undeclared),
// with no hardening. A call every one of them denies is outside the bound
// however the text is read.
func TextReadings() []Reading {
	var out []Reading
	for _, u := range []Mode{ModePlain, ModeHierarchical} {
		for _, p := range []PrefixReading{PrefixString, PrefixBoundary} {
			for _, a := range []EmptyAndReading{EmptyAndAll, EmptyAndMalformed} {
				for _, j := range []JSONReading{JSONStrict, JSONLastWins, JSONFirstWins} {
					out = append(out, Reading{Undeclared: u, Prefix: p, EmptyAnd: a, JSON: j})
				}
			}
		}
	}
	return out
}

// Choices returns the reading's choice on each open point, in the order of
// OpenPoints ("dual" for Undeclared: ModeDual; "invalid" for a value no
// constant names).
func (r Reading) Choices() []string {
	u, ok := map[Mode]string{ModePlain: "plain", ModeHierarchical: "path", ModeDual: "dual"}[r.Undeclared]
	if !ok {
		u = "invalid"
	}
	return []string{u, choice(1, int(r.Prefix)), choice(2, int(r.EmptyAnd)), choice(3, int(r.JSON))}
}

func choice(point, i int) string {
	if c := OpenPoints[point].Choices; i < len(c) {
		return c[i]
	}
	return "invalid"
}

// ErrInvalidReading is matched by the error of a Reading whose fields no
// constant names; such a reading admits nothing.
var ErrInvalidReading = errors.New("bound: invalid reading")

// Validate reports a field of r that no constant names.
func (r Reading) Validate() error {
	for i, c := range r.Choices() {
		if c == "invalid" {
			return fmt.Errorf("%w: %s", ErrInvalidReading, OpenPoints[i].Name)
		}
	}
	if r.Harden&^HardenAll != 0 {
		return fmt.Errorf("%w: hardening bits %#x", ErrInvalidReading, uint16(r.Harden&^HardenAll))
	}
	return nil
}

// String names the reading: its choices, and the hardening layers it has.
func (r Reading) String() string {
	parts := make([]string, 0, len(OpenPoints)+1)
	for i, c := range r.Choices() {
		parts = append(parts, OpenPoints[i].Name+"="+c)
	}
	var layers []string
	for _, l := range HardeningLayers {
		if r.Harden&l.Layer != 0 {
			layers = append(layers, l.Name)
		}
	}
	if len(layers) > 0 {
		parts = append(parts, "harden="+strings.Join(layers, "+"))
	}
	return strings.Join(parts, ",")
}
