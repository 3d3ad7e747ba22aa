// Package msgreader reads a JSON-RPC message as the servers behind a guard
// might: three common readings of duplicate members (the last wins, as
// encoding/json into a map and JSON.parse do; the first wins, as a
// streaming token reader may; or the message is refused, jsontext's
// default), each a value tree with object members sorted by name, and the
// message each tree says (its method, its tools/call, its provenance
// chain). The guard property (fuzz/property, GuardDecisionReadsInside)
// requires what the guard forwards to read the same under all three (One);
// the framing counterpart is fuzz/oracle/linereader.
package msgreader

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

// Reader is one way a server might read a JSON-RPC message: the
// message as a value tree (object members sorted by name, each name once)
// or a refusal. None of them is the guard's own reader.
type Reader struct {
	Name string
	Read func([]byte) (bound.Value, error)
}

// Readers are the three common readings of duplicate members:
// the last one wins (encoding/json into a map, as JSON.parse does), the
// first one wins (a jsontext token stream, as some streaming parsers do),
// or the message is refused (jsontext's defaults).
var Readers = []Reader{
	{"last-wins (encoding/json)", readLastWins},
	{"first-wins (jsontext tokens)", func(b []byte) (bound.Value, error) { return ReadTokens(b, false) }},
	{"strict (jsontext, no duplicates)", func(b []byte) (bound.Value, error) { return ReadTokens(b, true) }},
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

// ReadTokens reads b as a jsontext token stream. strict refuses duplicate
// names and invalid UTF-8 (jsontext's defaults); otherwise both are
// allowed, invalid UTF-8 read as U+FFFD, and the first of duplicate
// members is kept.
func ReadTokens(b []byte, strict bool) (bound.Value, error) {
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

// Reading is what one reader makes of a message: the tree, and
// from it the method and, for a tools/call, the call and the chain.
type Reading struct {
	Tree     bound.Value
	Method   *bound.Value // nil: no method member
	Call     *bound.Call  // a tools/call whose params read as a call
	Chain    *bound.Provenance
	CallErr  error // why params did not read as a call
	ChainErr error // why the provenance present did not read
}

// Interpret interprets a tree as a JSON-RPC message.
func Interpret(tree bound.Value) Reading {
	r := Reading{Tree: tree}
	if m, ok := tree.Get("method"); ok {
		r.Method = &m
	}
	if !r.IsCall() {
		return r
	}
	params, _ := tree.Get("params")
	call, err := bound.CallFromValue(params)
	if err != nil {
		r.CallErr = err
		return r
	}
	r.Call = &call
	meta, ok := params.Get("_meta")
	if !ok {
		return r
	}
	if pv, ok := meta.Get("io.noescalation/provenance"); ok {
		r.Chain, r.ChainErr = bound.ProvenanceFromValue(pv)
	} else if meta.Kind != bound.KindObject {
		r.ChainErr = fmt.Errorf("_meta is a %v", meta.Kind)
	}
	return r
}

// IsCall reports whether the reading's method is the string tools/call.
func (r Reading) IsCall() bool {
	return r.Method != nil && r.Method.Kind == bound.KindString && r.Method.Str == "tools/call"
}

// ErrReadersDiffer is One's error when two readers read two trees.
var ErrReadersDiffer = errors.New("the readers read different trees")

// One reads b with every reader and returns the reading they share,
// or what kept them from sharing one: a reader refusing b, or two readers
// reading different trees.
func One(b []byte) (Reading, error) {
	var first []byte
	var tree bound.Value
	for i, rd := range Readers {
		t, err := rd.Read(b)
		if err != nil {
			return Reading{}, errors.New("the " + rd.Name + " reader refuses it: " + err.Error())
		}
		text, _ := t.MarshalJSON()
		if i == 0 {
			first, tree = text, t
		} else if !bytes.Equal(text, first) {
			return Reading{}, errors.Join(ErrReadersDiffer, errors.New(Readers[0].Name+" reads "+string(first)+
				", "+rd.Name+" reads "+string(text)))
		}
	}
	return Interpret(tree), nil
}
