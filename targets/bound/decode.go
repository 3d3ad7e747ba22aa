package bound

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
	"github.com/go-json-experiment/json/jsontext"
)

// ParseValue admits raw with targets/admit (no duplicate members, no lone
// surrogates, no ill-formed UTF-8, nothing after the value) and decodes it
// as DecodeAdmitted does. Faults are *MalformedError; an admission fault
// wraps the *admit.Error, a document of more than MaxValues values a
// *LimitError.
func ParseValue(raw []byte) (Value, error) {
	if err := admit.Scan(raw, admit.Options{}); err != nil {
		return Value{}, malformedBy("", FaultNotAdmitted, err, "not admitted: "+err.Error())
	}
	return DecodeAdmitted(raw)
}

// DecodeAdmitted decodes a JSON text, or one value of one, that the caller
// has admitted with admit.Scan (a guard scans a message once and decodes
// only the parts it reads). The values are counted first, on the bytes:
// past MaxValues the text is refused with a *LimitError and no tree is
// built. The decode is strict even on bytes that were not admitted (the
// jsontext decoder refuses duplicate names and invalid UTF-8 on its own),
// so a caller that skipped admission gets an error, never a lenient tree.
//
// A text that is one string, number or literal (a guard's argument, most
// often) is read by the targets' lexer, targets/internal/jsonwire, without
// jsontext's decoder: on a cold processor the decoder's code was about 80
// of the 1,300 last-level misses of a small call's decision
// (docs/PERFORMANCE.md, "The guard's cold call"). Only a scalar that is
// well formed by RFC 8259 is read so; anything else, a fault included, is
// left to jsontext, so its errors are what they were.
func DecodeAdmitted(raw []byte) (Value, error) {
	start := jsonwire.SkipSpace(raw, 0)
	if v, ok := decodeScalar(raw, start); ok {
		return v, nil
	}
	if n, _ := jsonwire.CountValues(raw, start, MaxValues); n > MaxValues {
		return Value{}, overLimit("", "values", MaxValues)
	}
	return decodeAdmitted(raw)
}

// decodeScalar reads raw as one string, number or literal starting at
// raw[i] with nothing after it but whitespace, as jsontext reads it: a
// string's value (its escapes decoded by jsonwire, a surrogate pair joined),
// a number's text as written. ok is false for any other text, and for a
// scalar that is not well formed (a raw control character, ill-formed
// UTF-8, a bad or lone surrogate escape, a number outside the grammar).
func decodeScalar(raw []byte, i int) (v Value, ok bool) {
	if i >= len(raw) {
		return Value{}, false
	}
	end := 0
	switch c := raw[i]; {
	case c == '"':
		if end, ok = jsonwire.StringEnd(raw, i); !ok {
			return Value{}, false
		}
		s, ok := stringValue(raw[i+1 : end-1])
		if !ok {
			return Value{}, false
		}
		v = Value{Kind: KindString, Str: s}
	case c == '-' || '0' <= c && c <= '9':
		var num jsonwire.Number
		if jsonwire.ReadNumber(raw, i, &num) != nil {
			return Value{}, false
		}
		end = num.End
		v = Value{Kind: KindNumber, Number: string(raw[i:end])}
	default:
		for _, lit := range [...]struct {
			text string
			v    Value
		}{{"true", Value{Kind: KindBool, Bool: true}}, {"false", Value{Kind: KindBool}}, {"null", Value{Kind: KindNull}}} {
			if len(raw)-i >= len(lit.text) && string(raw[i:i+len(lit.text)]) == lit.text {
				v, end = lit.v, i+len(lit.text)
				break
			}
		}
		if end == 0 {
			return Value{}, false
		}
	}
	if jsonwire.SkipSpace(raw, end) != len(raw) {
		return Value{}, false
	}
	return v, true
}

// stringValue is the value of a string token's body, false unless every
// byte stands in a string by RFC 8259 section 7 (no control character,
// well-formed UTF-8) and every escape is well formed and no lone
// surrogate (jsonwire.AppendUnquoted). A body of plain ASCII is copied.
func stringValue(body []byte) (string, bool) {
	plain := true
	for _, c := range body {
		if c < 0x20 {
			return "", false
		}
		if c == '\\' || c >= utf8.RuneSelf {
			plain = false
		}
	}
	if plain {
		return string(body), true
	}
	if !utf8.Valid(body) {
		return "", false
	}
	if bytes.IndexByte(body, '\\') < 0 {
		return string(body), true
	}
	out, ok := jsonwire.AppendUnquoted(make([]byte, 0, len(body)), body)
	return string(out), ok
}

// decodeAdmitted decodes raw with jsontext, strictly. The decoder reads a
// bytes.Buffer in place, without copying raw into a buffer of its own.
func decodeAdmitted(raw []byte) (Value, error) {
	d := jsontext.NewDecoder(bytes.NewBuffer(raw))
	v, err := decodeValue(d, &decodePath{})
	if err != nil {
		return Value{}, err
	}
	if _, err := d.ReadToken(); err != io.EOF {
		return Value{}, malformed("", FaultNotAdmitted, "content after the top-level value")
	}
	return v, nil
}

// decodePath is where the decode is, as a JSON pointer built only for a
// fault: a member name or an array index per level. vals and mems are the
// elements and members of the arrays and objects open, so that each is
// copied once into a slice of its size: appending to each array as it is
// read allocated about twice its elements, three times past 512 (issue 20).
type decodePath struct {
	toks []pathToken
	vals []Value
	mems []Member
}

type pathToken struct {
	name  string
	index int // -1 for a member name
}

func (p *decodePath) push(name string, index int) { p.toks = append(p.toks, pathToken{name, index}) }
func (p *decodePath) pop()                        { p.toks = p.toks[:len(p.toks)-1] }

// String is the RFC 6901 pointer.
func (p *decodePath) String() string {
	var b strings.Builder
	for _, t := range p.toks {
		b.WriteByte('/')
		if t.index >= 0 {
			b.WriteString(strconv.Itoa(t.index))
		} else {
			b.WriteString(EscapePointerToken(t.name))
		}
	}
	return b.String()
}

func decodeValue(d *jsontext.Decoder, path *decodePath) (Value, error) {
	tok, err := d.ReadToken()
	if err != nil {
		return Value{}, decodeFault(path, err)
	}
	switch tok.Kind() {
	case 'n':
		return Value{Kind: KindNull}, nil
	case 't', 'f':
		return Value{Kind: KindBool, Bool: tok.Bool()}, nil
	case '0':
		return Value{Kind: KindNumber, Number: tok.String()}, nil
	case '"':
		return Value{Kind: KindString, Str: tok.String()}, nil
	case '[':
		base := len(path.vals)
		for i := 0; d.PeekKind() != ']'; i++ {
			if d.PeekKind() == 0 {
				return Value{}, decodeFault(path, errors.New("unterminated array"))
			}
			path.push("", i)
			e, err := decodeValue(d, path)
			path.pop()
			if err != nil {
				return Value{}, err
			}
			path.vals = append(path.vals, e)
		}
		v := Value{Kind: KindArray, Array: append(make([]Value, 0, len(path.vals)-base), path.vals[base:]...)}
		clear(path.vals[base:])
		path.vals = path.vals[:base]
		_, err := d.ReadToken()
		return v, decodeFault(path, err)
	case '{':
		base := len(path.mems)
		for d.PeekKind() != '}' {
			nt, err := d.ReadToken()
			if err != nil || nt.Kind() != '"' {
				return Value{}, decodeFault(path, errOr(err, "object member name expected"))
			}
			name := nt.String()
			path.push(name, -1)
			e, err := decodeValue(d, path)
			path.pop()
			if err != nil {
				return Value{}, err
			}
			path.mems = append(path.mems, Member{Name: name, Value: e})
		}
		v := Value{Kind: KindObject, Members: append(make([]Member, 0, len(path.mems)-base), path.mems[base:]...)}
		clear(path.mems[base:])
		path.mems = path.mems[:base]
		_, err := d.ReadToken()
		return v, decodeFault(path, err)
	}
	return Value{}, malformed(path.String(), FaultNotAdmitted, "unexpected token %v", tok.Kind())
}

func errOr(err error, msg string) error {
	if err != nil {
		return err
	}
	return errors.New(msg)
}

func decodeFault(path *decodePath, err error) error {
	if err == nil {
		return nil
	}
	return malformedBy(path.String(), FaultNotAdmitted, err, fmt.Sprintf("not JSON: %v", err))
}

// pointerEscaper escapes the reference tokens of RFC 6901 section 3.
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// EscapePointerToken escapes one reference token of a JSON pointer (RFC
// 6901 section 3: '~' as "~0", '/' as "~1"); a token with nothing to
// escape is returned as it is, without allocating.
func EscapePointerToken(tok string) string {
	if !strings.ContainsAny(tok, "~/") {
		return tok
	}
	return pointerEscaper.Replace(tok)
}
