package property

import (
	"bytes"
	"errors"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/digest"
	"github.com/go-json-experiment/json/jsontext"
)

// refMember is one member of an object as the reference reads it: its
// decoded name, the offset of its name and the span of its value.
type refMember struct {
	name               string
	nameAt, start, end int
}

// refObject reads the members of the object at in[i], in document order,
// with go-json-experiment's jsontext (not the targets' jsonwire); ok is
// false when the value there is not an object. in is admitted.
func refObject(in []byte, i int) (ms []refMember, ok bool) {
	if i >= len(in) || in[i] != '{' {
		return nil, false
	}
	d := jsontext.NewDecoder(bytes.NewReader(in[i:]))
	if _, err := d.ReadToken(); err != nil {
		return nil, false
	}
	for d.PeekKind() == '"' {
		name, err := d.ReadValue()
		if err != nil {
			return nil, false
		}
		nameAt := i + int(d.InputOffset()) - len(name)
		decoded, _ := jsontext.AppendUnquote(nil, name)
		val, err := d.ReadValue()
		if err != nil {
			return nil, false
		}
		end := i + int(d.InputOffset())
		ms = append(ms, refMember{string(decoded), nameAt, end - len(val), end})
	}
	return ms, true
}

func refGet(ms []refMember, name string) (refMember, bool) {
	for _, m := range ms {
		if m.name == name {
			return m, true
		}
	}
	return refMember{}, false
}

// refIsString reports whether the value token tok is a string that
// decodes to want.
func refIsString(tok []byte, want string) bool {
	s, err := jsontext.AppendUnquote(nil, tok)
	return len(tok) > 0 && tok[0] == '"' && err == nil && string(s) == want
}

// refDigestFault is the reference's refusal of an admitted request.
type refDigestFault struct {
	kind    digest.Kind
	pointer string
	offset  int
}

// referenceInvocation reads the invocation of an admitted request as
// SEP-3246 section 2.1 and digest.Parse's documentation define it, slowly
// and on its own: a request with a "jsonrpc" member is JSON-RPC 2.0
// ("2.0", method "tools/call", params an object with a string name and
// object arguments); one without is the plain invocation object of
// exactly method, name and arguments. A fault is reported at the member's
// value, or at the object that lacks it; an unexpected member of the plain
// form at its name; checks in the order the documentation lists them.
func referenceInvocation(in []byte) (digest.Invocation, *refDigestFault) {
	top := len(in) - len(bytes.TrimLeft(in, " \t\r\n"))
	root, ok := refObject(in, top)
	if !ok {
		return digest.Invocation{}, &refDigestFault{digest.NotObject, "", top}
	}
	pointer, obj, objAt := "", root, top
	if v, ok := refGet(root, "jsonrpc"); ok {
		if !refIsString(in[v.start:v.end], "2.0") {
			return digest.Invocation{}, &refDigestFault{digest.NotJSONRPC, "/jsonrpc", v.start}
		}
	} else {
		for _, m := range root {
			if m.name != "method" && m.name != "name" && m.name != "arguments" {
				return digest.Invocation{}, &refDigestFault{digest.UnexpectedMember, "", m.nameAt}
			}
		}
	}
	method, fault := refTyped(in, root, top, "", "method", '"')
	if fault != nil {
		return digest.Invocation{}, fault
	}
	if !refIsString(in[method.start:method.end], "tools/call") {
		return digest.Invocation{}, &refDigestFault{digest.NotToolsCall, "/method", method.start}
	}
	if _, rpc := refGet(root, "jsonrpc"); rpc {
		p, ok := refGet(root, "params")
		if !ok {
			return digest.Invocation{}, &refDigestFault{digest.MissingMember, "/params", top}
		}
		if obj, ok = refObject(in, p.start); !ok {
			return digest.Invocation{}, &refDigestFault{digest.WrongType, "/params", p.start}
		}
		pointer, objAt = "/params", p.start
	}
	name, fault := refTyped(in, obj, objAt, pointer, "name", '"')
	if fault != nil {
		return digest.Invocation{}, fault
	}
	args, fault := refTyped(in, obj, objAt, pointer, "arguments", '{')
	if fault != nil {
		return digest.Invocation{}, fault
	}
	return digest.Invocation{
		Method:    in[method.start:method.end],
		Name:      in[name.start:name.end],
		Arguments: in[args.start:args.end],
	}, nil
}

// refTyped is the member key of the object obj, which starts at objAt and
// is at pointer, if it is there and its value starts with first (a string
// or an object); a missing member is a fault at the object, one of another
// type a fault at its value.
func refTyped(in []byte, obj []refMember, objAt int, pointer, key string, first byte) (refMember, *refDigestFault) {
	m, ok := refGet(obj, key)
	switch {
	case !ok:
		return m, &refDigestFault{digest.MissingMember, pointer + "/" + key, objAt}
	case in[m.start] != first:
		return m, &refDigestFault{digest.WrongType, pointer + "/" + key, m.start}
	}
	return m, nil
}

// parseMatchesReference holds digest.Parse's answer on request (inv,
// err) to the slow readers: a request admit.Reference refuses is refused
// with an *admit.Error (class reference:cause-not-admission); an admitted
// one is refused as referenceInvocation refuses it, with the same kind,
// pointer and offset (reference:accepts, reference:refusal-differs), or
// read into the same method, name and arguments, arguments present
// (reference:refuses, reference:invocation-differs).
func parseMatchesReference(name string, request []byte, inv digest.Invocation, err error) *Violation {
	if aerr := admit.Reference(request, admit.Options{}); aerr != nil {
		var ae *admit.Error
		if !errors.As(err, &ae) {
			return violated(name, "reference:cause-not-admission", "admission refuses (%v); Parse: %v", aerr, err)
		}
		return nil
	}
	want, fault := referenceInvocation(request)
	var e *digest.Error
	switch {
	case fault == nil && err != nil:
		return violated(name, "reference:refuses", "%v; the reference reads the invocation", err)
	case fault == nil:
		if !bytes.Equal(inv.Method, want.Method) || !bytes.Equal(inv.Name, want.Name) || !bytes.Equal(inv.Arguments, want.Arguments) {
			return violated(name, "reference:invocation-differs", "%q %q %q; the reference reads %q %q %q",
				inv.Method, inv.Name, inv.Arguments, want.Method, want.Name, want.Arguments)
		}
	case err == nil:
		return violated(name, "reference:accepts", "the reference refuses: %v at %q, byte %d", fault.kind, fault.pointer, fault.offset)
	case !errors.As(err, &e) || e.Kind != fault.kind || e.Pointer != fault.pointer || e.Offset != int64(fault.offset):
		return violated(name, "reference:refusal-differs", "%v; the reference refuses: %v at %q, byte %d", err, fault.kind, fault.pointer, fault.offset)
	}
	return nil
}
