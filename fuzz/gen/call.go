package gen

import "fmt"

// Call is an MCP tools/call request: the invocation the action digest
// covers (method, tool name, arguments) and what it does not (the
// JSON-RPC id and params._meta).
type Call struct {
	Name      string
	Arguments Value // an object
	ID        Value // a number or a string
	Meta      *Value
}

// GenerateCall turns data into a tools/call request; like Generate, it
// never fails.
func GenerateCall(data []byte) Call { return newSource(data).call() }

// call is GenerateCall on the choices of s.
func (s *source) call() Call {
	c := Call{ID: Value{Kind: Number, Num: float64(s.intn(256))}}
	if s.bool() {
		c.ID = Value{Kind: String, Str: s.string()}
	}
	c.Name = s.string()
	if s.bool() {
		m := s.object(3)
		c.Meta = &m
	}
	c.Arguments = s.object(3) // params and arguments are two levels above
	return c
}

// Request is the JSON-RPC 2.0 request that carries c.
func (c Call) Request() Value {
	params := []Member{{"name", str(c.Name)}, {"arguments", c.Arguments}}
	if c.Meta != nil {
		params = append(params, Member{"_meta", *c.Meta})
	}
	return Value{Kind: Object, Members: []Member{
		{"jsonrpc", str("2.0")},
		{"id", c.ID},
		{"method", str("tools/call")},
		{"params", Value{Kind: Object, Members: params}},
	}}
}

// Invocation is the object whose canonical form the action digest hashes:
// {"method":"tools/call","name":…,"arguments":…}.
func (c Call) Invocation() Value {
	return Value{Kind: Object, Members: []Member{
		{"method", str("tools/call")}, {"name", str(c.Name)}, {"arguments", c.Arguments},
	}}
}

func str(s string) Value { return Value{Kind: String, Str: s} }

// ReadCall reads a tools/call request such as Write(c.Request(), seed)
// writes back into a Call: an object with an id, the method tools/call,
// and params with a string name, object arguments and, if present, a
// _meta. Other members are left out; anything else is an error matching
// ErrUnreadable.
func ReadCall(text []byte) (Call, error) {
	v, err := Read(text, ReadOptions{})
	if err != nil {
		return Call{}, err
	}
	get := func(o Value, name string) (Value, bool) {
		for _, m := range o.Members {
			if m.Name == name {
				return m.Value, true
			}
		}
		return Value{}, false
	}
	method, _ := get(v, "method")
	params, _ := get(v, "params")
	name, _ := get(params, "name")
	args, _ := get(params, "arguments")
	id, hasID := get(v, "id")
	if v.Kind != Object || method.Kind != String || method.Str != "tools/call" || params.Kind != Object ||
		name.Kind != String || args.Kind != Object || !hasID || id.Kind != Number && id.Kind != String {
		return Call{}, fmt.Errorf("%w: not a tools/call request with an id, a name and object arguments", ErrUnreadable)
	}
	c := Call{Name: name.Str, Arguments: args, ID: id}
	if meta, ok := get(params, "_meta"); ok {
		c.Meta = &meta
	}
	return c, nil
}
