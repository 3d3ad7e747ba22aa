package minimize

import "unicode/utf8"

// The JSON stages read their input as a stream of tokens, not as a JSON
// value: crashers are often not valid JSON, and a stage that needs a parse
// would give up on exactly the inputs worth reducing. The tokenizer never
// fails on non-empty input; the structure it finds is as good as the
// brackets allow.

// tokenKind says what a token is.
type tokenKind uint8

const (
	tokOpen   tokenKind = iota // { or [
	tokClose                   // } or ]
	tokColon                   // :
	tokComma                   // ,
	tokString                  // "...", possibly unterminated
	tokNumber                  // a run of digits, signs, dots and exponents
	tokWord                    // a run of letters: true, false, null, or not
	tokOther                   // any other byte, or UTF-8 sequence
)

// token is one token: its kind and its byte span [start, end).
type token struct {
	kind       tokenKind
	start, end int
}

// tokenize splits b into tokens, skipping JSON whitespace. It returns nil
// for input with no tokens.
func tokenize(b []byte) []token {
	var toks []token
	for i := 0; i < len(b); {
		c := b[i]
		t := token{start: i}
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case c == '{' || c == '[':
			t.kind, i = tokOpen, i+1
		case c == '}' || c == ']':
			t.kind, i = tokClose, i+1
		case c == ':':
			t.kind, i = tokColon, i+1
		case c == ',':
			t.kind, i = tokComma, i+1
		case c == '"':
			t.kind, i = tokString, stringEnd(b, i)
		case c == '-' || c == '+' || c == '.' || c >= '0' && c <= '9':
			t.kind = tokNumber
			for i < len(b) && isNumberByte(b[i]) {
				i++
			}
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			t.kind = tokWord
			for i < len(b) && (b[i] >= 'a' && b[i] <= 'z' || b[i] >= 'A' && b[i] <= 'Z') {
				i++
			}
		default:
			_, n := utf8.DecodeRune(b[i:])
			t.kind, i = tokOther, i+n
		}
		t.end = i
		toks = append(toks, t)
	}
	return toks
}

// stringEnd returns the offset just past the closing quote of the string
// opening at b[i], or len(b) for an unterminated string.
func stringEnd(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// isNumberByte reports whether c can continue a number token. Exponent
// letters are taken only as part of a number, so "1e5" is one token.
func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// span is a byte range [start, end).
type span struct{ start, end int }

// item is one member or element of a container: its whole span, and the
// span of its value (after the colon of a member; the whole item otherwise).
type item struct {
	all, value span
}

// container is one object or array as the brackets delimit it. end is just
// past its closing bracket, or the end of the input if it is never closed.
type container struct {
	open, end int
	items     []item
}

// structure finds the containers of the token stream, in the order of their
// opening brackets. A closing bracket closes the innermost open container
// whatever its kind; one with nothing open is an ordinary token.
func structure(b []byte, toks []token) []container {
	var all []container
	type frame struct {
		index int // into all
		first int // first token of the current item, or -1
		last  int // last token of the current item
		colon int // first colon of the current item, or -1
	}
	var stack []frame
	finish := func(f *frame) {
		if f.first < 0 {
			return
		}
		it := item{all: span{toks[f.first].start, toks[f.last].end}}
		it.value = it.all
		if f.colon >= 0 && f.colon < f.last {
			it.value = span{toks[f.colon+1].start, toks[f.last].end}
		}
		all[f.index].items = append(all[f.index].items, it)
		f.first, f.colon = -1, -1
	}
	// extend makes token k part of the current item of the innermost frame.
	extend := func(k int) {
		if len(stack) == 0 {
			return
		}
		f := &stack[len(stack)-1]
		if f.first < 0 {
			f.first = k
		}
		f.last = k
	}
	for k, t := range toks {
		switch t.kind {
		case tokOpen:
			extend(k)
			all = append(all, container{open: t.start, end: len(b)})
			stack = append(stack, frame{index: len(all) - 1, first: -1, colon: -1})
		case tokClose:
			if len(stack) == 0 {
				continue
			}
			f := &stack[len(stack)-1]
			finish(f)
			all[f.index].end = t.end
			stack = stack[:len(stack)-1]
			extend(k)
		case tokComma:
			if len(stack) > 0 {
				finish(&stack[len(stack)-1])
			}
		case tokColon:
			if len(stack) > 0 {
				f := &stack[len(stack)-1]
				if f.first >= 0 && f.colon < 0 {
					f.colon = k
				}
				extend(k)
			}
		default:
			extend(k)
		}
	}
	// Containers never closed end with the input, and so do their items.
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i].first >= 0 {
			stack[i].last = len(toks) - 1
		}
		finish(&stack[i])
	}
	return all
}
