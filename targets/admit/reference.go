package admit

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Reference is the slow twin of [Scan]: a recursive descent parser written
// from the package documentation alone, so that the two can be compared on
// any input. It decodes every string in full, keeps each object's decoded
// names in a map and judges numbers with strconv and math/big. It returns
// what Scan must return: nil, the error of [Options.Validate], or an *Error
// with the same Kind and Offset.
//
// Its recursion is bounded by the depth cap, at most [MaxDepthLimit].
func Reference(input []byte, opts Options) error {
	if err := opts.Validate(); err != nil {
		return err
	}
	maxSize := opts.MaxSize
	if maxSize == 0 {
		maxSize = DefaultMaxSize
	}
	maxDepth := opts.MaxDepth
	if maxDepth == 0 {
		maxDepth = DefaultMaxDepth
	}
	if int64(len(input)) > maxSize {
		return &Error{Kind: TooLarge, Offset: maxSize,
			Detail: fmt.Sprintf("input is %d bytes, the cap is %d", len(input), maxSize)}
	}
	p := &refParser{in: input, ijson: opts.Profile == IJSON, maxDepth: maxDepth}
	if e := p.document(); e != nil {
		return e
	}
	return nil
}

// refParser holds the input and the rules; positions are passed explicitly.
type refParser struct {
	in       []byte
	ijson    bool
	maxDepth int
}

func refFault(kind Kind, off int, format string, args ...any) *Error {
	return &Error{Kind: kind, Offset: int64(off), Detail: fmt.Sprintf(format, args...)}
}

// unexpected reports the byte at i as one that cannot continue the text, or
// the end of the input if i is past it (RFC 8259 section 2).
func (p *refParser) unexpected(i int, reason Reason, want string) *Error {
	var e *Error
	if i >= len(p.in) {
		e = refFault(Syntax, len(p.in), "input ends, want %s", want)
	} else {
		e = refFault(Syntax, i, "byte %#02x, want %s", p.in[i], want)
	}
	e.Reason = reason
	return e
}

// space skips the four whitespace bytes of RFC 8259 section 2.
func (p *refParser) space(i int) int {
	for i < len(p.in) {
		switch p.in[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// document is RFC 8259 section 2's JSON-text: ws value ws.
func (p *refParser) document() *Error {
	i, e := p.value(p.space(0), 0)
	if e != nil {
		return e
	}
	i = p.space(i)
	if i < len(p.in) {
		return refFault(TrailingContent, i, "byte %#02x after the top-level value", p.in[i])
	}
	return nil
}

// value parses one value starting at i, inside depth open containers, and
// returns the offset just past it.
func (p *refParser) value(i, depth int) (int, *Error) {
	if i >= len(p.in) {
		return 0, p.unexpected(i, WantValue, "a value")
	}
	switch c := p.in[i]; {
	case c == '{':
		return p.object(i, depth)
	case c == '[':
		return p.array(i, depth)
	case c == '"':
		end, _, e := p.str(i)
		return end, e
	case c == 't':
		return p.literal(i, "true")
	case c == 'f':
		return p.literal(i, "false")
	case c == 'n':
		return p.literal(i, "null")
	case c == '-' || ('0' <= c && c <= '9'):
		return p.number(i)
	}
	return 0, p.unexpected(i, WantValue, "a value")
}

func (p *refParser) literal(i int, word string) (int, *Error) {
	for k := 0; k < len(word); k++ {
		if i+k >= len(p.in) || p.in[i+k] != word[k] {
			return 0, p.unexpected(i+k, WantLiteral, strconv.Quote(word))
		}
	}
	return i + len(word), nil
}

// open checks the depth cap for the container whose bracket is at i.
func (p *refParser) open(i, depth int) *Error {
	if depth+1 > p.maxDepth {
		return refFault(TooDeep, i, "container opens level %d, the cap is %d", depth+1, p.maxDepth)
	}
	return nil
}

// array is RFC 8259 section 5.
func (p *refParser) array(i, depth int) (int, *Error) {
	if e := p.open(i, depth); e != nil {
		return 0, e
	}
	i = p.space(i + 1)
	if i < len(p.in) && p.in[i] == ']' {
		return i + 1, nil
	}
	for {
		end, e := p.value(i, depth+1)
		if e != nil {
			return 0, e
		}
		var done bool
		i, done, e = p.afterElement(end, ']')
		if done || e != nil {
			return i, e
		}
	}
}

// afterElement reads what follows an array element or object member that
// ends at end: the container's close (done, and the offset past it) or a
// value-separator (the offset of the next element or member), RFC 8259
// sections 4 and 5.
func (p *refParser) afterElement(end int, close byte) (next int, done bool, e *Error) {
	i := p.space(end)
	if i < len(p.in) && p.in[i] == close {
		return i + 1, true, nil
	}
	if i >= len(p.in) || p.in[i] != ',' {
		return 0, false, p.unexpected(i, WantCommaOrClose, "',' or '"+string(close)+"'")
	}
	return p.space(i + 1), false, nil
}

// object is RFC 8259 section 4, with RFC 8785 section 3.1's unique names
// compared after decoding.
func (p *refParser) object(i, depth int) (int, *Error) {
	if e := p.open(i, depth); e != nil {
		return 0, e
	}
	names := map[string]bool{}
	i = p.space(i + 1)
	if i < len(p.in) && p.in[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(p.in) || p.in[i] != '"' {
			return 0, p.unexpected(i, WantMemberName, "a member name")
		}
		end, name, e := p.str(i)
		if e != nil {
			return 0, e
		}
		if names[name] {
			return 0, refFault(DuplicateMember, i, "member name %q repeated", name)
		}
		names[name] = true
		i = p.space(end)
		if i >= len(p.in) || p.in[i] != ':' {
			return 0, p.unexpected(i, WantColon, "':'")
		}
		end, e = p.value(p.space(i+1), depth+1)
		if e != nil {
			return 0, e
		}
		var done bool
		i, done, e = p.afterElement(end, '}')
		if done || e != nil {
			return i, e
		}
	}
}

// str decodes the string whose opening quote is at i (RFC 8259 section 7)
// and returns the offset past its closing quote and its decoded value.
func (p *refParser) str(i int) (int, string, *Error) {
	var out strings.Builder
	i++
	for {
		if i >= len(p.in) {
			return 0, "", p.unexpected(i, WantStringEnd, "a closing quote")
		}
		c := p.in[i]
		switch {
		case c == '"':
			return i + 1, out.String(), nil
		case c < 0x20:
			return 0, "", refFault(StringNotScalar, i, "raw control byte %#02x in a string", c)
		case c == '\\':
			r, end, e := p.escape(i)
			if e != nil {
				return 0, "", e
			}
			out.WriteRune(r)
			i = end
		case c < utf8.RuneSelf:
			out.WriteByte(c)
			i++
		default:
			r, n := utf8.DecodeRune(p.in[i:])
			if r == utf8.RuneError && n == 1 {
				return 0, "", refFault(StringNotScalar, i, "ill-formed UTF-8 starting with %#02x", c)
			}
			if e := p.scalar(r, i); e != nil {
				return 0, "", e
			}
			out.WriteRune(r)
			i += n
		}
	}
}

// escape decodes the escape whose backslash is at i, a surrogate pair as
// one rune, and returns the offset past it.
func (p *refParser) escape(i int) (rune, int, *Error) {
	j := i + 1
	if j >= len(p.in) {
		return 0, 0, p.unexpected(j, WantEscape, "an escape character")
	}
	switch p.in[j] {
	case '"', '\\', '/':
		return rune(p.in[j]), j + 1, nil
	case 'b':
		return '\b', j + 1, nil
	case 'f':
		return '\f', j + 1, nil
	case 'n':
		return '\n', j + 1, nil
	case 'r':
		return '\r', j + 1, nil
	case 't':
		return '\t', j + 1, nil
	case 'u':
	default:
		return 0, 0, p.unexpected(j, WantEscape, "an escape character")
	}
	v, e := p.hex4(j + 1)
	if e != nil {
		return 0, 0, e
	}
	end := j + 5
	switch {
	case 0xDC00 <= v && v <= 0xDFFF:
		return 0, 0, refFault(StringNotScalar, i, "low surrogate escape %04X on its own", v)
	case 0xD800 <= v && v <= 0xDBFF:
		if end+1 >= len(p.in) || p.in[end] != '\\' || p.in[end+1] != 'u' {
			return 0, 0, refFault(StringNotScalar, i, "high surrogate escape %04X without a low one", v)
		}
		lo, e := p.hex4(end + 2)
		if e != nil {
			return 0, 0, e
		}
		if lo < 0xDC00 || lo > 0xDFFF {
			return 0, 0, refFault(StringNotScalar, i, "high surrogate escape %04X followed by %04X", v, lo)
		}
		r := 0x10000 + (v-0xD800)<<10 + (lo - 0xDC00)
		return r, end + 6, p.scalar(r, i)
	}
	return v, end, p.scalar(v, i)
}

// hex4 reads the four hex digits of a \u escape starting at i.
func (p *refParser) hex4(i int) (rune, *Error) {
	var v rune
	for k := i; k < i+4; k++ {
		if k >= len(p.in) {
			return 0, p.unexpected(k, WantHexDigit, "a hex digit")
		}
		c := p.in[k]
		switch {
		case '0' <= c && c <= '9':
			v = v<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			v = v<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			v = v<<4 | rune(c-'A'+10)
		default:
			return 0, p.unexpected(k, WantHexDigit, "a hex digit")
		}
	}
	return v, nil
}

// scalar applies the I-JSON noncharacter rule (RFC 7493 section 2.1) to a
// decoded scalar value whose escape or UTF-8 sequence starts at i.
func (p *refParser) scalar(r rune, i int) *Error {
	if !p.ijson {
		return nil
	}
	if (0xFDD0 <= r && r <= 0xFDEF) || r&0xFFFF == 0xFFFE || r&0xFFFF == 0xFFFF {
		return refFault(Noncharacter, i, "noncharacter U+%04X", r)
	}
	return nil
}

// number reads the number starting at i (RFC 8259 section 6) and judges it
// once its token has ended.
func (p *refParser) number(start int) (int, *Error) {
	i := start
	if p.in[i] == '-' {
		i++
	}
	switch {
	case i < len(p.in) && p.in[i] == '0':
		i++
		if i < len(p.in) && refDigit(p.in[i]) {
			e := refFault(Syntax, i, "digit after a leading zero")
			e.Reason = LeadingZero
			return 0, e
		}
	case i < len(p.in) && refDigit(p.in[i]):
		i = p.digits(i)
	default:
		return 0, p.unexpected(i, WantDigit, "a digit")
	}
	if i < len(p.in) && p.in[i] == '.' {
		i++
		if i >= len(p.in) || !refDigit(p.in[i]) {
			return 0, p.unexpected(i, WantDigit, "a fraction digit")
		}
		i = p.digits(i)
	}
	if i < len(p.in) && (p.in[i] == 'e' || p.in[i] == 'E') {
		i++
		if i < len(p.in) && (p.in[i] == '+' || p.in[i] == '-') {
			i++
		}
		if i >= len(p.in) || !refDigit(p.in[i]) {
			return 0, p.unexpected(i, WantDigit, "an exponent digit")
		}
		i = p.digits(i)
	}
	token := string(p.in[start:i])
	if _, err := strconv.ParseFloat(token, 64); err != nil {
		return 0, refFault(NumberNotFinite, start, "%.40s has no finite double", token)
	}
	if p.ijson && refUnsafeInteger(token) {
		return 0, refFault(UnsafeInteger, start, "%.40s is a double of magnitude 2^53 or more", token)
	}
	return i, nil
}

func (p *refParser) digits(i int) int {
	for i < len(p.in) && refDigit(p.in[i]) {
		i++
	}
	return i
}

func refDigit(c byte) bool { return '0' <= c && c <= '9' }

// refUnsafeInteger reports whether a well-formed, finite number token is
// unsafe under I-JSON (RFC 7493 section 2.2): its double, rounded to nearest
// with ties to even, has magnitude 2^53 or more. Every such double is an
// integer past the range where doubles are exact, and it is what the
// canonical form writes, so refusing on the rounded value keeps the profile
// closed under canonicalization.
func refUnsafeInteger(token string) bool {
	f, err := strconv.ParseFloat(token, 64)
	return err == nil && math.Abs(f) >= 1<<53
}
