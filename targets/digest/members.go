package digest

import (
	"bytes"

	"github.com/canonfuzz/canonfuzz/internal/jsonspan"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// A span is one token or value of the request: in[start:end].
type span struct{ start, end int }

// A field is one member of an object: its name token and its value, both
// as transmitted.
type field struct {
	name  span
	value span
}

// objectFields lists the members of the object at in[i], an opening brace,
// in input order. The request is admitted, so the walk only has to find
// where each token ends; it still stops, rather than panics, on bytes that
// are not JSON, returning ok false.
func objectFields(in []byte, i int) (fields []field, ok bool) {
	i = jsonspan.SkipSpace(in, i+1)
	if i < len(in) && in[i] == '}' {
		return nil, true
	}
	for i < len(in) {
		if in[i] != '"' {
			return nil, false
		}
		nameEnd, ok := skipValue(in, i)
		if !ok {
			return nil, false
		}
		j := jsonspan.SkipSpace(in, nameEnd)
		if j >= len(in) || in[j] != ':' {
			return nil, false
		}
		valueStart := jsonspan.SkipSpace(in, j+1)
		valueEnd, ok := skipValue(in, valueStart)
		if !ok {
			return nil, false
		}
		fields = append(fields, field{span{i, nameEnd}, span{valueStart, valueEnd}})
		i = jsonspan.SkipSpace(in, valueEnd)
		if i < len(in) && in[i] == '}' {
			return fields, true
		}
		if i >= len(in) || in[i] != ',' {
			return nil, false
		}
		i = jsonspan.SkipSpace(in, i+1)
	}
	return nil, false
}

// skipValue returns the offset just after the value that starts at in[i].
func skipValue(in []byte, i int) (int, bool) {
	if i >= len(in) {
		return i, false
	}
	switch in[i] {
	case '"':
		return skipString(in, i)
	case '{', '[':
		depth := 0
		for i < len(in) {
			switch in[i] {
			case '"':
				j, ok := skipString(in, i)
				if !ok {
					return j, false
				}
				i = j
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1, true
				}
			}
			i++
		}
		return i, false
	}
	j := i // a number or a literal: up to the next delimiter
	for j < len(in) && !isDelimiter(in[j]) {
		j++
	}
	return j, j > i
}

// skipString returns the offset just after the string token at in[i].
func skipString(in []byte, i int) (int, bool) {
	for i++; i < len(in); {
		switch in[i] {
		case '\\':
			i += 2
		case '"':
			return i + 1, true
		default:
			i++
		}
	}
	return i, false
}

func isDelimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ':', '{', '}', '[', ']', '"':
		return true
	}
	return false
}

// nameIs reports whether the member name token tok decodes to want, a name
// with nothing to escape. A name spelled with escapes ("\u006eame") is
// compared by its canonical form, which is unique.
func nameIs(tok []byte, want string) bool {
	body := tok[1 : len(tok)-1]
	if bytes.IndexByte(body, '\\') < 0 {
		return string(body) == want
	}
	canon, err := jcs.Canonicalize(tok, admit.Options{})
	return err == nil && len(canon) == len(want)+2 && string(canon[1:len(canon)-1]) == want
}
