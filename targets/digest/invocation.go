package digest

import (
	"fmt"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// An Invocation is what the action digest covers: the method, the tool's
// name and its arguments, each the raw JSON value as transmitted, before
// any decoding.
type Invocation struct {
	Method    []byte // a JSON string, "tools/call" once decoded
	Name      []byte // a JSON string
	Arguments []byte // a JSON object
}

// Parse admits request with admit.Scan under opts, then finds the
// invocation in it. Two forms are read:
//
//   - a JSON-RPC 2.0 request, recognized by its "jsonrpc" member, which must
//     be "2.0": {"jsonrpc":"2.0","id":...,"method":"tools/call",
//     "params":{"name":...,"arguments":{...}}}. Other members of the request
//     and of params (id, _meta) are not covered by the digest and may be
//     anything.
//   - a plain invocation object with exactly the members method, name and
//     arguments; any other member is UnexpectedMember, since the digest
//     would not cover it.
//
// A refusal by admit.Scan is returned unchanged, an *admit.Error: admission
// applies to the whole request, so a duplicate member anywhere in it, in
// params or deep inside arguments, is refused rather than resolved. Every
// other failure is an *Error.
func Parse(request []byte, opts admit.Options) (Invocation, error) {
	if err := admit.Scan(request, opts); err != nil {
		return Invocation{}, err
	}
	top := jsonwire.SkipSpace(request, 0)
	root, err := object(request, top, "")
	if err != nil {
		return Invocation{}, err
	}
	if v, ok := root.get("jsonrpc"); ok {
		if !stringIs(request[v.start:v.end], "2.0") {
			return Invocation{}, fault(NotJSONRPC, "/jsonrpc", v.start, "jsonrpc is %.40s, not \"2.0\"", request[v.start:v.end])
		}
		method, err := root.method()
		if err != nil {
			return Invocation{}, err
		}
		p, ok := root.get("params")
		if !ok {
			return Invocation{}, fault(MissingMember, "/params", top, "a tools/call request has params")
		}
		params, err := object(request, p.start, "/params")
		if err != nil {
			return Invocation{}, err
		}
		return params.invocation(method, "/params")
	}
	for _, f := range root.fields {
		tok := request[f.name.start:f.name.end]
		if !jsonwire.NameIs(tok, "method") && !jsonwire.NameIs(tok, "name") && !jsonwire.NameIs(tok, "arguments") {
			return Invocation{}, fault(UnexpectedMember, "", f.name.start,
				"member %.40s is not covered by the digest (want method, name, arguments only)", tok)
		}
	}
	method, err := root.method()
	if err != nil {
		return Invocation{}, err
	}
	return root.invocation(method, "")
}

// An obj is one object of the request with its members.
type obj struct {
	in      []byte
	start   int
	pointer string
	fields  []field
}

// object reads the object at in[i], reporting WrongType if the value there
// is something else.
func object(in []byte, i int, pointer string) (obj, error) {
	if i >= len(in) || in[i] != '{' {
		if pointer == "" {
			return obj{}, fault(NotObject, "", i, "the request is not a JSON object")
		}
		return obj{}, fault(WrongType, pointer, i, "%s is not an object", pointer)
	}
	fields, ok := objectFields(in, i)
	if !ok {
		// Admission passed, so this is a bug here; say so, do not guess.
		return obj{}, fault(Unreadable, pointer, i, "cannot walk the admitted object")
	}
	return obj{in: in, start: i, pointer: pointer, fields: fields}, nil
}

// get returns the value of the member whose decoded name is name.
// Admission refused duplicates, so there is at most one.
func (o obj) get(name string) (span, bool) {
	for _, f := range o.fields {
		if jsonwire.NameIs(o.in[f.name.start:f.name.end], name) {
			return f.value, true
		}
	}
	return span{}, false
}

// method returns the "method" member, which must be "tools/call".
func (o obj) method() ([]byte, error) {
	v, ok := o.get("method")
	if !ok {
		return nil, fault(MissingMember, o.pointer+"/method", o.start, "no method")
	}
	tok := o.in[v.start:v.end]
	if tok[0] != '"' {
		return nil, fault(WrongType, o.pointer+"/method", v.start, "method is not a string")
	}
	if !stringIs(tok, "tools/call") {
		return nil, fault(NotToolsCall, o.pointer+"/method", v.start, "method is %.40s, not \"tools/call\"", tok)
	}
	return tok, nil
}

// invocation reads name and arguments from o and pairs them with method.
func (o obj) invocation(method []byte, pointer string) (Invocation, error) {
	name, ok := o.get("name")
	if !ok {
		return Invocation{}, fault(MissingMember, pointer+"/name", o.start, "no tool name")
	}
	if o.in[name.start] != '"' {
		return Invocation{}, fault(WrongType, pointer+"/name", name.start, "name is not a string")
	}
	args, ok := o.get("arguments")
	if !ok {
		return Invocation{}, fault(MissingMember, pointer+"/arguments", o.start, "no arguments")
	}
	if o.in[args.start] != '{' {
		return Invocation{}, fault(WrongType, pointer+"/arguments", args.start, "arguments is not an object")
	}
	return Invocation{
		Method:    method,
		Name:      o.in[name.start:name.end],
		Arguments: o.in[args.start:args.end],
	}, nil
}

// stringIs reports whether the string token tok decodes to want.
func stringIs(tok []byte, want string) bool {
	return len(tok) >= 2 && tok[0] == '"' && jsonwire.NameIs(tok, want)
}

func fault(kind Kind, pointer string, offset int, format string, args ...any) *Error {
	return &Error{positioned{Kind: kind, Pointer: pointer, Offset: int64(offset), Detail: fmt.Sprintf(format, args...)}}
}
