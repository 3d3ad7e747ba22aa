package planted

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/go-json-experiment/json/jsontext"
)

// leniency says which faults the tolerant decoder lets through.
type leniency struct {
	lastWins   bool // a repeated name replaces the earlier member's value
	substitute bool // invalid UTF-8 and lone surrogates become U+FFFD
}

// errNotJSON is the tolerant decoder's refusal of what it cannot read even
// leniently.
var errNotJSON = errors.New("planted: not readable even leniently")

// decode reads input as jsontext does with the leniency given, within
// admit's default depth cap and refusing numbers with no finite double, so
// that apart from its leniency it refuses what admission refuses.
func decode(input []byte, l leniency) (gen.Value, error) {
	d := jsontext.NewDecoder(bytes.NewReader(input),
		jsontext.AllowDuplicateNames(l.lastWins), jsontext.AllowInvalidUTF8(l.substitute))
	v, err := value(d, 0)
	if err != nil {
		return gen.Value{}, err
	}
	if _, err := d.ReadToken(); !errors.Is(err, io.EOF) {
		return gen.Value{}, fmt.Errorf("%w: trailing content", errNotJSON)
	}
	return v, nil
}

func value(d *jsontext.Decoder, depth int) (gen.Value, error) {
	tok, err := d.ReadToken()
	if err != nil {
		return gen.Value{}, fmt.Errorf("%w: %v", errNotJSON, err)
	}
	switch tok.Kind() {
	case 'n':
		return gen.Value{}, nil
	case 't', 'f':
		return gen.Value{Kind: gen.Bool, Bool: tok.Bool()}, nil
	case '"':
		return gen.Value{Kind: gen.String, Str: tok.String()}, nil
	case '0':
		f, err := strconv.ParseFloat(tok.String(), 64)
		if err != nil || math.IsInf(f, 0) {
			return gen.Value{}, fmt.Errorf("%w: number %s", errNotJSON, tok.String())
		}
		return gen.Value{Kind: gen.Number, Num: f}, nil
	}
	if depth == admit.DefaultMaxDepth {
		return gen.Value{}, fmt.Errorf("%w: too deep", errNotJSON)
	}
	if tok.Kind() == '[' {
		v := gen.Value{Kind: gen.Array, Elems: []gen.Value{}}
		for d.PeekKind() != ']' {
			e, err := value(d, depth+1)
			if err != nil {
				return v, err
			}
			v.Elems = append(v.Elems, e)
		}
		_, err := d.ReadToken()
		return v, err
	}
	v := gen.Value{Kind: gen.Object, Members: []gen.Member{}}
	index := map[string]int{}
	for d.PeekKind() != '}' {
		tok, err := d.ReadToken()
		if err != nil {
			return v, fmt.Errorf("%w: %v", errNotJSON, err)
		}
		name := tok.String() // before the next read voids tok
		e, err := value(d, depth+1)
		if err != nil {
			return v, err
		}
		if i, ok := index[name]; ok {
			v.Members[i].Value = e // the last one wins
			continue
		}
		index[name] = len(v.Members)
		v.Members = append(v.Members, gen.Member{Name: name, Value: e})
	}
	_, err = d.ReadToken()
	return v, err
}
