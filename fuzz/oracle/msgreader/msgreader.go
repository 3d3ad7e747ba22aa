// Package msgreader reads a JSON-RPC message as the servers behind a guard
// might: three common readings of duplicate members (the last wins, as
// encoding/json into a map and JSON.parse do; the first wins, as a
// streaming token reader may; or the message is refused, jsontext's
// default), a fourth that matches the JSON-RPC members' names without
// case, as encoding/json into a struct does (readCaseless), and a fifth
// that reads them as C strings, up to their first NUL, as cJSON does
// (readCStrings), each a value tree with object members sorted by name, and the
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
	"unicode"
	"unicode/utf8"

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

// Readers are the common readings of a message: of duplicate members,
// the last one wins (encoding/json into a map, as JSON.parse does), the
// first one wins (a jsontext token stream, as some streaming parsers do),
// or the message is refused (jsontext's defaults); names matched without
// case (encoding/json into structs); names, methods and request ids read
// up to their first NUL (cJSON).
var Readers = []Reader{
	{"last-wins (encoding/json)", readLastWins},
	{"first-wins (jsontext tokens)", func(b []byte) (bound.Value, error) { return ReadTokens(b, false) }},
	{"strict (jsontext, no duplicates)", func(b []byte) (bound.Value, error) { return ReadTokens(b, true) }},
	{"caseless (encoding/json into structs)", readCaseless},
	{"C strings (cJSON)", readCStrings},
}

// readCStrings reads b as a server written in C with cJSON (1.7) does:
// "\u0000" decodes to a NUL byte and every name and string is then a C
// string, read up to its first NUL, and cJSON_GetObjectItem matches a name
// without case. It reads the JSON-RPC envelope's names (jsonrpc, id,
// method, params), a tools/call's params (name, arguments, _meta) and the
// provenance key in its _meta so, as readCaseless does with Go's folding,
// and the method and a request's string id (the id its answer carries) up
// to their first NUL; a response's id is the server's own, which the guard
// does not match, and reads whole, as every other name and string reads
// whole (a tool's own arguments are not modelled), and of the members that
// match one name the last wins (the guard refuses two: which one cJSON
// takes does not matter here).
func readCStrings(b []byte) (bound.Value, error) {
	return readFolded(b, cFold, func(v bound.Value) {
		_, request := lastOf(v, "method")
		for i, mb := range v.Members {
			if mb.Name == "method" && mb.Value.Kind == bound.KindString {
				v.Members[i].Value.Str = cString(mb.Value.Str)
			}
			// the id a server answers a request by (red-team pass 3)
			if mb.Name == "id" && request && mb.Value.Kind == bound.KindString {
				v.Members[i].Value.Str = cString(mb.Value.Str)
			}
		}
	})
}

// cString is s up to its first NUL.
func cString(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}

// cFold is cJSON's key for matching a name: a C string, without case
// (ASCII; goFold is coarser, which refuses more, never less).
func cFold(s string) string { return goFold(cString(s)) }

// readCaseless reads b as a server that decodes JSON-RPC with
// encoding/json into structs does (mark3labs/mcp-go's): a member name
// matches a field without case, as encoding/json folds it (an ASCII letter
// upper-cased, any other rune ToUpper(ToLower(r)): U+212A Kelvin is K,
// U+017F long s is S), and of the members that match one field the last
// wins. It folds the fields of the JSON-RPC envelope (jsonrpc, id, method,
// params), of a tools/call's params (name, arguments, _meta) and the
// provenance key in its _meta (a next guard's struct); every
// other object reads as encoding/json into a map does (the last of a
// duplicate name wins): a tool's own argument structs are not modelled.
func readCaseless(b []byte) (bound.Value, error) {
	return readFolded(b, goFold, nil)
}

// readFolded reads b whole, every member of every object kept, and renames
// the members a reader matching names by fold takes for a field: the
// JSON-RPC envelope's (jsonrpc, id, method, params), a tools/call's params'
// (name, arguments, _meta) and the provenance key in its _meta. fix, if
// not nil, then rewrites the envelope's values in place (before the
// params are read, so a method fix decides whether they are a
// tools/call's); of the members that match one field the last wins.
func readFolded(b []byte, fold func(string) string, fix func(bound.Value)) (bound.Value, error) {
	d := jsontext.NewDecoder(bytes.NewReader(b), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	v, err := readAllMembers(d)
	if err != nil {
		return bound.Value{}, err
	}
	if _, err := d.ReadToken(); err != io.EOF {
		return bound.Value{}, fmt.Errorf("content after the value: %v", err)
	}
	if v.Kind != bound.KindObject {
		return lastWins(v), nil
	}
	v = foldFieldsBy(v, fold, "jsonrpc", "id", "method", "params")
	if fix != nil {
		fix(v)
	}
	if m, ok := lastOf(v, "method"); ok && m.Kind == bound.KindString && m.Str == "tools/call" {
		for i, mb := range v.Members {
			if mb.Name == "params" && mb.Value.Kind == bound.KindObject {
				p := foldFieldsBy(mb.Value, fold, "name", "arguments", "_meta")
				for j, pm := range p.Members {
					if pm.Name == "_meta" && pm.Value.Kind == bound.KindObject {
						p.Members[j].Value = foldFieldsBy(pm.Value, fold, "io.noescalation/provenance")
					}
				}
				v.Members[i].Value = p
			}
		}
	}
	return lastWins(v), nil
}

// lastOf is the value of the last member of obj named name.
func lastOf(obj bound.Value, name string) (bound.Value, bool) {
	for i := len(obj.Members) - 1; i >= 0; i-- {
		if obj.Members[i].Name == name {
			return obj.Members[i].Value, true
		}
	}
	return bound.Value{}, false
}

// readAllMembers reads one value from d keeping every member of every
// object, in order, duplicates included.
func readAllMembers(d *jsontext.Decoder) (bound.Value, error) {
	switch d.PeekKind() {
	case '[':
		if _, err := d.ReadToken(); err != nil {
			return bound.Value{}, err
		}
		return readArrayRest(d, readAllMembers)
	case '{':
		if _, err := d.ReadToken(); err != nil {
			return bound.Value{}, err
		}
		v := bound.Value{Kind: bound.KindObject, Members: []bound.Member{}}
		for d.PeekKind() != '}' {
			nt, err := d.ReadToken()
			if err != nil {
				return bound.Value{}, err
			}
			name := nt.String()
			e, err := readAllMembers(d)
			if err != nil {
				return bound.Value{}, err
			}
			v.Members = append(v.Members, bound.Member{Name: name, Value: e})
		}
		_, err := d.ReadToken()
		return v, err
	}
	return readTokenValue(d)
}

// foldFieldsBy renames each member of obj whose name matches one of fields
// by fold to that field.
func foldFieldsBy(obj bound.Value, fold func(string) string, fields ...string) bound.Value {
	out := obj
	out.Members = slices.Clone(obj.Members)
	for i, m := range out.Members {
		for _, f := range fields {
			if fold(m.Name) == fold(f) {
				out.Members[i].Name = f
			}
		}
	}
	return out
}

// goFold is encoding/json's key for matching a name to a field without case.
func goFold(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < utf8.RuneSelf {
			if 'a' <= r && r <= 'z' {
				r -= 'a' - 'A'
			}
		} else {
			r = unicode.ToUpper(unicode.ToLower(r))
		}
		b.WriteRune(r)
	}
	return b.String()
}

// lastWins keeps, in every object of v, the last member of each name, and
// sorts the members by name.
func lastWins(v bound.Value) bound.Value {
	switch v.Kind {
	case bound.KindArray:
		out := v
		out.Array = make([]bound.Value, len(v.Array))
		for i, e := range v.Array {
			out.Array[i] = lastWins(e)
		}
		return out
	case bound.KindObject:
		last := map[string]int{}
		for i, m := range v.Members {
			last[m.Name] = i
		}
		out := bound.Value{Kind: bound.KindObject, Members: []bound.Member{}}
		for i, m := range v.Members {
			if last[m.Name] == i {
				out.Members = append(out.Members, bound.Member{Name: m.Name, Value: lastWins(m.Value)})
			}
		}
		sortMembers(&out)
		return out
	}
	return v
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
		return readArrayRest(d, readTokenValue)
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

// readArrayRest reads the elements of an array whose '[' d has read, each
// by read, and its ']'.
func readArrayRest(d *jsontext.Decoder, read func(*jsontext.Decoder) (bound.Value, error)) (bound.Value, error) {
	v := bound.Value{Kind: bound.KindArray, Array: []bound.Value{}}
	for d.PeekKind() != ']' {
		e, err := read(d)
		if err != nil {
			return bound.Value{}, err
		}
		v.Array = append(v.Array, e)
	}
	_, err := d.ReadToken()
	return v, err
}
