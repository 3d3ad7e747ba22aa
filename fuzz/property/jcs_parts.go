package property

import (
	"bytes"
	"errors"
	"math"
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
	"github.com/go-json-experiment/json/jsontext"
)

// Comparison is one member-name order under test: jcs.CompareUTF16, the
// writer's jcs.CompareNames, or a planted variant.
type Comparison struct {
	Name    string
	Compare func(a, b []byte) int
}

// CompareUTF16MatchesReference: for two valid UTF-8 names, every
// comparison orders them as jcs.ReferenceCompareUTF16 does, unit by unit
// in UTF-16 (RFC 8785 section 3.2.3). Class NAME:differs.
func CompareUTF16MatchesReference(compares []Comparison, a, b string) *Violation {
	if !utf8.ValidString(a) || !utf8.ValidString(b) {
		return nil // names reach the comparison decoded and valid
	}
	want := jcs.ReferenceCompareUTF16([]byte(a), []byte(b))
	for _, c := range compares {
		if got := c.Compare([]byte(a), []byte(b)); got != want {
			return violated("CompareUTF16MatchesReference", c.Name+":differs", "%s(%+q, %+q) = %d, the reference %d", c.Name, a, b, got, want)
		}
	}
	return nil
}

// NumberFormatter writes a double: jcs.AppendNumber, or a planted variant.
type NumberFormatter = func(dst []byte, f float64) []byte

// AppendNumberMatchesReference: for any bits, format writes what
// jcs.ReferenceNumber (ECMA-262 Number::toString transcribed step by
// step) writes (class differs), and a finite result reads back as the
// same double (class reads-back).
func AppendNumberMatchesReference(format NumberFormatter, bits uint64) *Violation {
	const name = "AppendNumberMatchesReference"
	x := math.Float64frombits(bits)
	got := string(format(nil, x))
	if want := jcs.ReferenceNumber(x); got != want {
		return violated(name, "differs", "double %#016x written %q, the reference %q", bits, got, want)
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	if back, err := strconv.ParseFloat(got, 64); err != nil || back != x {
		return violated(name, "reads-back", "double %#016x written %q reads back as %v, %v", bits, got, back, err)
	}
	return nil
}

// TokenWriter writes one number token canonically: jcs.AppendNumberToken,
// or a planted variant.
type TokenWriter = func(dst, tok []byte) ([]byte, error)

// jsonNumber is the RFC 8259 section 6 grammar of a number.
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

// numberPrefix is the longest prefix of a text that is a number token.
var numberPrefix = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?`)

// notOneTokenRefused holds a writer of one token to its contract on bytes
// that are not exactly one token (jcs.AppendNumberToken, DecodeStringToken:
// "a token that is not exactly one ... is an error and dst is returned as
// it was"): refused, dst as it was (class not-one-token), and, when the
// token itself reads well (whole is false only for a token the writer
// must refuse on its own account, a number with no finite double), refused
// as the same writer refuses a byte that starts no token, noToken (class
// not-one-token-cause): the fault is the bytes after the token.
func notOneTokenRefused(name string, write func(dst, tok []byte) ([]byte, error), tok, noToken []byte, whole bool) *Violation {
	got, err := write([]byte("dst"), tok)
	if err == nil || string(got) != "dst" {
		return violated(name, "not-one-token", "%q is not exactly one token, and is written %q, %v", tok, got, err)
	}
	if _, want := write(nil, noToken); whole && !errors.Is(err, want) {
		return violated(name, "not-one-token-cause", "%q is refused: %v; want the refusal of bytes that are no token (%q): %v", tok, err, noToken, want)
	}
	return nil
}

// NumberTokenMatchesReference: a token of the number grammar is written as
// jcs.ReferenceNumber writes the double strconv.ParseFloat reads from it
// (class differs), or refused when it has no finite double (classes
// infinite-written, refused); inside a document, before a comma, the
// writer reads the token to its end and writes the same (class
// in-document). Bytes that are not exactly one number token are refused
// with dst as it was, a finite token followed by more as bytes that are no
// token are (notOneTokenRefused).
func NumberTokenMatchesReference(write TokenWriter, tok string) *Violation {
	const name = "NumberTokenMatchesReference"
	if !jsonNumber.MatchString(tok) {
		head := numberPrefix.FindString(tok)
		x, err := strconv.ParseFloat(head, 64)
		finite := head == "" || err == nil || !math.IsInf(x, 0)
		return notOneTokenRefused(name, write, []byte(tok), []byte("x"), finite)
	}
	x, perr := strconv.ParseFloat(tok, 64)
	got, err := write(nil, []byte(tok))
	if perr != nil && math.IsInf(x, 0) {
		if err == nil {
			return violated(name, "infinite-written", "%s has no finite double, and is written %q", tok, got)
		}
		return nil
	}
	if err != nil {
		return violated(name, "refused", "%s: %v", tok, err)
	}
	want := jcs.ReferenceNumber(x)
	if string(got) != want {
		return violated(name, "differs", "%s written %q, the reference %q", tok, got, want)
	}
	doc, err := jcs.Canonicalize([]byte("["+tok+",0]"), admit.Options{})
	if err != nil || string(doc) != "["+want+",0]" {
		return violated(name, "in-document", "[%s,0] canonicalizes to %q, %v; want [%s,0]", tok, doc, err, want)
	}
	return nil
}

// NumberTokenOfDoubleMatchesReference writes the double of bits with
// digits%20 significant digits (0: shortest), as serializers do, so that
// the writer's readings of 16- to 19-digit tokens are exercised on the
// digits they are meant for, and holds write to jcs.ReferenceNumber of
// the double the token denotes (class differs).
func NumberTokenOfDoubleMatchesReference(write TokenWriter, bits uint64, digits uint8) *Violation {
	x := math.Float64frombits(bits)
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	tok := strconv.FormatFloat(x, 'e', int(digits%20)-1, 64)
	y, err := strconv.ParseFloat(tok, 64)
	if err != nil {
		return nil // rounded up past the largest double
	}
	got, err := write(nil, []byte(tok))
	if want := jcs.ReferenceNumber(y); err != nil || string(got) != want {
		return violated("NumberTokenOfDoubleMatchesReference", "differs", "%s written %q, %v; the reference %q", tok, got, err, want)
	}
	return nil
}

// StringCodec is the string writer under test and the decoder member names
// are sorted by: jcs.AppendStringToken and jcs.DecodeStringToken, or a
// planted variant.
type StringCodec struct {
	Append func(dst, tok []byte) ([]byte, error)
	Decode func(dst, tok []byte) ([]byte, error)
}

// AppendStringMatchesReference writes the valid UTF-8 string s as a JSON
// string token in the spelling choice selects (gen.StringToken: literal,
// short escape, \u in either case, surrogate pairs), and requires the
// writer to give jcs.ReferenceString's RFC 8785 form of s (classes
// refused, differs) and the decoder to give s (class decode).
func AppendStringMatchesReference(codec StringCodec, s string, choice uint64) *Violation {
	const name = "AppendStringMatchesReference"
	if !utf8.ValidString(s) {
		return nil // admission refuses it; it never reaches the writer
	}
	tok := []byte(gen.StringToken(s, choice))
	got, err := codec.Append(nil, tok)
	if err != nil {
		return violated(name, "refused", "%s: %v", tok, err)
	}
	if want := jcs.ReferenceString(s); string(got) != want {
		return violated(name, "differs", "%s written %s, the reference %s", tok, got, want)
	}
	if dec, err := codec.Decode(nil, tok); err != nil || string(dec) != s {
		return violated(name, "decode", "%s decodes to %+q, %v; want %+q", tok, dec, err, s)
	}
	return nil
}

// DecimalDecider is the fast path that reads w × 10^q: jcs.DecimalToFloat,
// or a planted variant.
type DecimalDecider = func(w uint64, q int) (float64, bool)

// DecimalToFloatMatchesParseFloat: whenever decide decides, it decides the
// double strconv.ParseFloat (correctly rounded) gives (class differs).
func DecimalToFloatMatchesParseFloat(decide DecimalDecider, w uint64, q int) *Violation {
	got, ok := decide(w, q)
	if !ok {
		return nil
	}
	s := strconv.FormatUint(w, 10) + "e" + strconv.Itoa(q)
	want, err := strconv.ParseFloat(s, 64)
	if err != nil || math.Float64bits(got) != math.Float64bits(want) {
		return violated("DecimalToFloatMatchesParseFloat", "differs", "%s decided as %v (%#x), ParseFloat %v (%#x), %v",
			s, got, math.Float64bits(got), want, math.Float64bits(want), err)
	}
	return nil
}

// StringDecoder decodes one JSON string token after dst: the bytes a
// member name is sorted by. jcs.DecodeStringToken, or a planted variant.
type StringDecoder = func(dst, tok []byte) ([]byte, error)

// DecodeStringTokenMatchesJSONText holds decode to an independent decoder,
// go-json-experiment's jsontext.AppendUnquote, on every string token that
// admit.Scan admits as a whole document (RFC 8785 section 3.2.2.2 and RFC
// 8259 section 7: every escape decoded, surrogate pairs joined): both
// decode it to the same bytes after dst (class decoded-differs), or both
// refuse it (classes refuses, admits); dst is kept (dst-changed) and tok
// is not written to (input-changed). A whole string followed by more
// bytes is refused as bytes that are no token are (notOneTokenRefused);
// any other token admission refuses is left out: the writer decodes only
// admitted member names.
func DecodeStringTokenMatchesJSONText(decode StringDecoder, tok []byte) *Violation {
	const name = "DecodeStringTokenMatchesJSONText"
	if len(tok) == 0 || tok[0] != '"' {
		return nil
	}
	if err := admit.Scan(tok, admit.Options{}); err != nil {
		if e := (*admit.Error)(nil); !errors.As(err, &e) || e.Kind != admit.TrailingContent {
			return nil
		}
		// A whole string followed by more: the decoder reads one token.
		return notOneTokenRefused(name, decode, tok, []byte("x"), true)
	}
	kept := bytes.Clone(tok)
	got, err := decode([]byte("dst"), tok)
	want, werr := jsontext.AppendUnquote(nil, kept)
	switch {
	case !bytes.Equal(tok, kept):
		return violated(name, "input-changed", "the decoder wrote to its input: %q, was %q", tok, kept)
	case err != nil && werr == nil:
		return violated(name, "refuses", "%v; jsontext decodes %q", err, want)
	case err == nil && werr != nil:
		return violated(name, "admits", "decoded %q; jsontext refuses: %v", got, werr)
	case err != nil:
	case !bytes.HasPrefix(got, []byte("dst")):
		return violated(name, "dst-changed", "decoded after %q, not after dst", got)
	case !bytes.Equal(got[len("dst"):], want):
		return violated(name, "decoded-differs", "decoded %q; jsontext decodes %q", got[len("dst"):], want)
	}
	return nil
}
