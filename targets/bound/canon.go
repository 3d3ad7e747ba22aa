package bound

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Mode says how one argument's strings are canonicalized (SEP-3246 section
// 3.2.2).
type Mode uint8

const (
	// ModeDual is for a string argument whose schema does not declare it a
	// path or URI: it is admitted only if both the NFC-only reading and the
	// hierarchical reading admit it, because a server may still resolve it
	// as a path (findings/spec/canon-undeclared-path.md). The default.
	ModeDual Mode = iota
	// ModeHierarchical is for an argument whose inputSchema declares a
	// "format" of path, uri, uri-reference, iri or iri-reference: NFC,
	// percent-decoding to a fixed point, path normalization.
	ModeHierarchical
	// ModePlain is NFC only: the literal reading of section 3.2.2 for
	// strings not declared hierarchical. Used for strings nested inside
	// arrays and objects, and by deployments that set it explicitly.
	ModePlain
)

// String names the mode.
func (m Mode) String() string {
	switch m {
	case ModeDual:
		return "dual"
	case ModeHierarchical:
		return "hierarchical"
	case ModePlain:
		return "plain"
	}
	return "unknown"
}

// MaxDecodeRounds bounds percent-decoding (section 3.2.2 step 2: "a small
// fixed number of iterations"). A value that still changes on the round
// after the last is refused: "%252541" needs three rounds and passes,
// "%25252541" needs four and passes, one more level of %25 is refused.
const MaxDecodeRounds = 4

// Canon carries what canonicalization needs beyond the value: the schemas
// that say which arguments are hierarchical, and the deployment's case
// folding (section 3.2.2: off by default; a deployment over
// case-insensitive resources MUST fold, and MUST document it).
type Canon struct {
	Schemas Schemas
	Fold    bool
}

// ModeOf returns the mode of one argument of one tool.
func (c Canon) ModeOf(tool, arg string) Mode {
	return c.Schemas.ModeOf(tool, arg)
}

// canonString canonicalizes one string under mode m (never ModeDual; the
// dual reading is made by the caller, once per reading). The order is that
// of section 3.2.2, except that NFC is applied again after each decoding
// round so that the result is a fixed point of the whole transformation
// (findings/spec/canon-nfc-after-decoding.md). A string holding a NUL is
// refused under every mode, a path or a plain string, at the top level of
// an argument or nested in it, and so is an object member name holding
// one: a reader of C strings (cJSON, then open(2)) reads the string up to
// its NUL, another value than the one a rule admitted ("/etc/*.txt" would admit
// "/etc/passwd\x00.txt"; findings/spec/canon-nul.md). It is the
// encoded-structure layer's refusal (HardenEncodedStructure), which Check
// always has. A path's NUL, raw or decoded, is refused by canonHierarchical
// with the reason it gives a decoded one.
func canonString(s string, m Mode, fold bool) (string, error) {
	if plainNUL(s, m) {
		return "", errNUL
	}
	return canonText(s, m, fold)
}

// plainNUL reports whether s, read under m, holds a NUL that the
// encoded-structure layer refuses before canonicalizing: under every mode
// but ModeHierarchical, whose canonHierarchical refuses a path's NUL,
// raw or decoded, itself (findings/spec/canon-nul.md). Values and glob
// operands, of Check and of every Reading with the layer, ask it.
func plainNUL(s string, m Mode) bool {
	return m != ModeHierarchical && strings.IndexByte(s, 0) >= 0
}

// errNUL is canonString's refusal of a NUL, made once: a refusal the
// hostile calls are made of costs no allocation.
var errNUL = notCanonical("NUL in a string value: a reader of C strings reads it cut at the NUL")

// canonText is canonString without its refusal of a NUL in a plain
// string, which the readings without the encoded-structure layer
// canonicalize nested strings by (Reading.canonValue): the text of
// section 3.2.2 says nothing of U+0000, so a nested NUL is a character to
// them.
func canonText(s string, m Mode, fold bool) (string, error) {
	if !isASCII(s) { // ASCII is UTF-8, and NFC already
		if !utf8.ValidString(s) {
			return "", notCanonical("not UTF-8")
		}
		s = norm.NFC.String(s)
		// An ASCII path holds no rune NFKC reads as structure; what
		// decoding makes is judged in canonHierarchical.
		if m == ModeHierarchical && hasStructureRune(s) {
			return "", errStructureRune
		}
	}
	if m == ModeHierarchical {
		var err error
		if s, err = canonHierarchical(s); err != nil {
			return "", err
		}
	}
	if fold {
		f := foldCase(s)
		if m == ModeHierarchical && foldMakesScheme(s, f) {
			return "", notCanonical("case folding makes a scheme of a path")
		}
		if m == ModeHierarchical && foldMakesDrive(s, f) {
			return "", notCanonical("case folding makes a drive letter of a path")
		}
		s = f
	}
	return s, nil
}

// isASCII reports whether s is ASCII only: UTF-8, and its own NFC (no
// ASCII character decomposes or composes with another), so that the
// arguments and operands most calls carry are canonicalized without
// reaching x/text's tables, whose code and data a guard deciding on a cold
// processor finds in memory (docs/PERFORMANCE.md, "The guard's cold call,
// third pass").
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// nfcOf is norm.NFC.String(s), s itself when it is ASCII.
func nfcOf(s string) string {
	if isASCII(s) {
		return s
	}
	return norm.NFC.String(s)
}

// decodeToFixedPoint percent-decodes s until it stops changing, at most
// MaxDecodeRounds times (section 3.2.2 step 2). A '%' that does not start
// two hex digits is malformed encoding (RFC 3986 section 2.1) and refused,
// so the result contains no '%' at all; decoded bytes that are not UTF-8
// are refused, never replaced.
func decodeToFixedPoint(s string) (string, error) {
	return percentDecodeRounds(s, true)
}

// percentDecodeRounds is the fixed-point loop of section 3.2.2 step 2, which
// decodeToFixedPoint and the readings (Reading.decode) share: it
// percent-decodes s until it stops changing, at most MaxDecodeRounds times,
// with NFC after each round that changed it when nfc is set, and refuses a
// value that a further round would still change.
func percentDecodeRounds(s string, nfc bool) (string, error) {
	for range MaxDecodeRounds {
		d, err := percentDecodeOnce(s)
		if err != nil {
			return "", err
		}
		if d == s {
			return s, nil
		}
		s = d
		if nfc {
			s = nfcOf(s)
		}
	}
	if d, err := percentDecodeOnce(s); err != nil || d != s {
		return "", notCanonical("percent-decoding has not stabilized after %d rounds", MaxDecodeRounds)
	}
	return s, nil
}

// percentDecodeOnce decodes every %XX of s once.
func percentDecodeOnce(s string) (string, error) {
	if strings.IndexByte(s, '%') < 0 {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			return "", notCanonical("'%%' at byte %d does not start a percent-encoded octet", i)
		}
		b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
		i += 2
	}
	d := b.String()
	if !utf8.ValidString(d) {
		return "", notCanonical("percent-decoded bytes are not UTF-8")
	}
	return d, nil
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}
