package gen

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
)

// ReadOptions says what Read lets through besides RFC 8259 JSON.
type ReadOptions struct {
	LastWins   bool // a repeated name replaces the earlier member's value, as JSON.parse does
	Substitute bool // invalid UTF-8 and lone surrogates become U+FFFD
}

// ErrUnreadable is matched by every refusal of Read.
var ErrUnreadable = errors.New("gen: not a JSON text Read takes")

// Read reads a JSON text into a Value, so that a document can be held to
// the properties of the values Generate makes: numbers as the double they
// denote (a number with no finite double is refused), members in the
// order written, nesting up to MaxDepth. Without options it refuses
// duplicate names, invalid UTF-8 and lone surrogates, as admission does.
func Read(text []byte, opts ReadOptions) (Value, error) {
	d := jsontext.NewDecoder(bytes.NewReader(text),
		jsontext.AllowDuplicateNames(opts.LastWins), jsontext.AllowInvalidUTF8(opts.Substitute))
	v, err := readValue(d, 0)
	if err != nil {
		return Value{}, err
	}
	if _, err := d.ReadToken(); !errors.Is(err, io.EOF) {
		return Value{}, fmt.Errorf("%w: content after the value", ErrUnreadable)
	}
	return v, nil
}

func readValue(d *jsontext.Decoder, depth int) (Value, error) {
	tok, err := d.ReadToken()
	if err != nil {
		return Value{}, fmt.Errorf("%w: %v", ErrUnreadable, err)
	}
	switch tok.Kind() {
	case 'n':
		return Value{}, nil
	case 't', 'f':
		return Value{Kind: Bool, Bool: tok.Bool()}, nil
	case '"':
		return Value{Kind: String, Str: tok.String()}, nil
	case '0':
		f, err := strconv.ParseFloat(tok.String(), 64)
		if err != nil || math.IsInf(f, 0) {
			return Value{}, fmt.Errorf("%w: number %s has no finite double", ErrUnreadable, tok.String())
		}
		return Value{Kind: Number, Num: f}, nil
	}
	if depth == MaxDepth {
		return Value{}, fmt.Errorf("%w: nested deeper than %d", ErrUnreadable, MaxDepth)
	}
	if tok.Kind() == '[' {
		v := Value{Kind: Array, Elems: []Value{}}
		for d.PeekKind() != ']' {
			e, err := readValue(d, depth+1)
			if err != nil {
				return v, err
			}
			v.Elems = append(v.Elems, e)
		}
		_, err := d.ReadToken()
		return v, err
	}
	v := Value{Kind: Object, Members: []Member{}}
	index := map[string]int{}
	for d.PeekKind() != '}' {
		tok, err := d.ReadToken()
		if err != nil {
			return v, fmt.Errorf("%w: %v", ErrUnreadable, err)
		}
		name := tok.String() // before the next read voids tok
		e, err := readValue(d, depth+1)
		if err != nil {
			return v, err
		}
		if i, ok := index[name]; ok {
			v.Members[i].Value = e // the last one wins
			continue
		}
		index[name] = len(v.Members)
		v.Members = append(v.Members, Member{Name: name, Value: e})
	}
	_, err = d.ReadToken()
	return v, err
}
