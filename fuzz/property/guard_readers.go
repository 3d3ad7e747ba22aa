package property

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/go-json-experiment/json/jsontext"
)

// messageReader is one way a server might read a JSON-RPC message: the
// message as a value tree (object members sorted by name, each name once)
// or a refusal. None of them is the guard's own reader.
type messageReader struct {
	name string
	read func([]byte) (bound.Value, error)
}

// messageReaders are the three common readings of duplicate members:
// the last one wins (encoding/json into a map, as JSON.parse does), the
// first one wins (a jsontext token stream, as some streaming parsers do),
// or the message is refused (jsontext's defaults).
var messageReaders = []messageReader{
	{"last-wins (encoding/json)", readLastWins},
	{"first-wins (jsontext tokens)", func(b []byte) (bound.Value, error) { return readTokens(b, false) }},
	{"strict (jsontext, no duplicates)", func(b []byte) (bound.Value, error) { return readTokens(b, true) }},
}

// readLastWins decodes b with encoding/json into a map, numbers kept as
// written (UseNumber); invalid UTF-8 and lone surrogates become U+FFFD.
func readLastWins(b []byte) (bound.Value, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		return bound.Value{}, err
	}
	if _, err := d.Token(); err != io.EOF {
		return bound.Value{}, fmt.Errorf("content after the value: %v", err)
	}
	return fromAny(x)
}

// fromAny turns what encoding/json decoded into a value tree.
func fromAny(x any) (bound.Value, error) {
	switch x := x.(type) {
	case nil:
		return bound.Value{Kind: bound.KindNull}, nil
	case bool:
		return bound.Value{Kind: bound.KindBool, Bool: x}, nil
	case json.Number:
		return bound.Value{Kind: bound.KindNumber, Number: x.String()}, nil
	case string:
		return bound.String(x), nil
	case []any:
		v := bound.Value{Kind: bound.KindArray, Array: []bound.Value{}}
		for _, e := range x {
			ev, err := fromAny(e)
			if err != nil {
				return bound.Value{}, err
			}
			v.Array = append(v.Array, ev)
		}
		return v, nil
	case map[string]any:
		v := bound.Value{Kind: bound.KindObject, Members: []bound.Member{}}
		for name, e := range x {
			ev, err := fromAny(e)
			if err != nil {
				return bound.Value{}, err
			}
			v.Members = append(v.Members, bound.Member{Name: name, Value: ev})
		}
		sortMembers(&v)
		return v, nil
	}
	return bound.Value{}, fmt.Errorf("encoding/json gave a %T", x)
}

// readTokens reads b as a jsontext token stream. strict refuses duplicate
// names and invalid UTF-8 (jsontext's defaults); otherwise both are
// allowed, invalid UTF-8 read as U+FFFD, and the first of duplicate
// members is kept.
func readTokens(b []byte, strict bool) (bound.Value, error) {
	d := jsontext.NewDecoder(bytes.NewReader(b), jsontext.AllowDuplicateNames(!strict), jsontext.AllowInvalidUTF8(!strict))
	v, err := readTokenValue(d)
	if err != nil {
		return bound.Value{}, err
	}
	if _, err := d.ReadToken(); err != io.EOF {
		return bound.Value{}, fmt.Errorf("content after the value: %v", err)
	}
	return v, nil
}

func readTokenValue(d *jsontext.Decoder) (bound.Value, error) {
	tok, err := d.ReadToken()
	if err != nil {
		return bound.Value{}, err
	}
	switch tok.Kind() {
	case 'n':
		return bound.Value{Kind: bound.KindNull}, nil
	case 't', 'f':
		return bound.Value{Kind: bound.KindBool, Bool: tok.Bool()}, nil
	case '0':
		return bound.Value{Kind: bound.KindNumber, Number: tok.String()}, nil
	case '"':
		return bound.String(tok.String()), nil
	case '[':
		v := bound.Value{Kind: bound.KindArray, Array: []bound.Value{}}
		for d.PeekKind() != ']' {
			e, err := readTokenValue(d)
			if err != nil {
				return bound.Value{}, err
			}
			v.Array = append(v.Array, e)
		}
		_, err := d.ReadToken()
		return v, err
	case '{':
		v := bound.Value{Kind: bound.KindObject, Members: []bound.Member{}}
		seen := map[string]bool{}
		for d.PeekKind() != '}' {
			nt, err := d.ReadToken()
			if err != nil {
				return bound.Value{}, err
			}
			name := nt.String() // before the next read invalidates nt
			e, err := readTokenValue(d)
			if err != nil {
				return bound.Value{}, err
			}
			if !seen[name] {
				seen[name] = true
				v.Members = append(v.Members, bound.Member{Name: name, Value: e})
			}
		}
		if _, err := d.ReadToken(); err != nil {
			return bound.Value{}, err
		}
		sortMembers(&v)
		return v, nil
	}
	return bound.Value{}, errors.New("no value")
}

// sortMembers orders an object's members by name, so that two readings
// compare equal whatever order the text had.
func sortMembers(v *bound.Value) {
	slices.SortFunc(v.Members, func(a, b bound.Member) int { return strings.Compare(a.Name, b.Name) })
}

// messageReading is what one reader makes of a message: the tree, and
// from it the method and, for a tools/call, the call and the chain.
type messageReading struct {
	tree     bound.Value
	method   *bound.Value // nil: no method member
	call     *bound.Call  // a tools/call whose params read as a call
	chain    *bound.Provenance
	callErr  error // why params did not read as a call
	chainErr error // why the provenance present did not read
}

// readMessage interprets a tree as a JSON-RPC message.
func readMessage(tree bound.Value) messageReading {
	r := messageReading{tree: tree}
	if m, ok := tree.Get("method"); ok {
		r.method = &m
	}
	if !r.isCall() {
		return r
	}
	params, _ := tree.Get("params")
	call, err := bound.CallFromValue(params)
	if err != nil {
		r.callErr = err
		return r
	}
	r.call = &call
	meta, ok := params.Get("_meta")
	if !ok {
		return r
	}
	if pv, ok := meta.Get("io.noescalation/provenance"); ok {
		r.chain, r.chainErr = bound.ProvenanceFromValue(pv)
	} else if meta.Kind != bound.KindObject {
		r.chainErr = fmt.Errorf("_meta is a %v", meta.Kind)
	}
	return r
}

// isCall reports whether the reading's method is the string tools/call.
func (r messageReading) isCall() bool {
	return r.method != nil && r.method.Kind == bound.KindString && r.method.Str == "tools/call"
}
