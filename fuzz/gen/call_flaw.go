package gen

// RequestFlaw is what GenerateFlawedRequest plants in a tools/call request:
// a departure from the request SEP-3246 section 2.1 digests (a JSON-RPC
// 2.0 request with method "tools/call" and params {name, arguments}, or
// the plain invocation object of exactly method, name and arguments).
type RequestFlaw int

// The flaws, each one choice away.
const (
	RequestFlawNone      RequestFlaw = iota // the request as generated
	RequestFlawDrop                         // a member of the request or of params dropped
	RequestFlawKind                         // a member's value replaced by one of another kind
	RequestFlawSpell                        // jsonrpc or method respelled: another value, or the same one escaped
	RequestFlawExtra                        // a member added to the request or to params
	RequestFlawNotObject                    // the request, or params, not an object
	requestFlaws
)

// flawKinds are the values a member is replaced by, one of each kind.
var flawKinds = []Value{{Kind: Null}, {Kind: Bool, Bool: true}, {Kind: Number, Num: 2}, str("x"), {Kind: Array}, {Kind: Object}}

// flawSpellings are values of jsonrpc and method: right, near and wrong
// (Write escapes characters at random, so the right ones are also
// written escaped).
var flawSpellings = []Value{str("2.0"), str("1.0"), str("2.0 "), {Kind: Number, Num: 2}, str("tools/call"), str("tools/list"), str("Tools/call"), str("")}

// flawExtraNames are the names an added member takes.
var flawExtraNames = []string{"id", "_meta", "params", "jsonrpc", "x", "method", "name", "arguments"}

// GenerateFlawedRequest turns data into the tools/call request
// GenerateCall makes of it, as a JSON-RPC request or as the plain
// invocation object, with one flaw planted, written in a representation
// the data chooses (Write). The flaw and where it goes are read first, so
// the first byte of any input chooses the flaw. It never fails.
func GenerateFlawedRequest(data []byte) ([]byte, RequestFlaw) {
	s := newSource(data)
	flaw := RequestFlaw(s.intn(int(requestFlaws)))
	pick, plain, inParams := s.byte(), s.bool(), s.bool()
	c := s.call()
	v := c.Request()
	if plain {
		v = c.Invocation()
	}
	target := &v
	if p := memberOf(&v, "params"); p != nil && inParams {
		target = p
	}
	plantRequestFlaw(target, flaw, pick)
	return Write(v, s.uint64()), flaw
}

// memberOf returns the value of v's member name, nil if none.
func memberOf(v *Value, name string) *Value {
	for i := range v.Members {
		if v.Members[i].Name == name {
			return &v.Members[i].Value
		}
	}
	return nil
}

func plantRequestFlaw(v *Value, flaw RequestFlaw, pick int) {
	n := len(v.Members)
	switch {
	case flaw == RequestFlawNotObject:
		*v = flawKinds[pick%len(flawKinds)]
		if v.Kind == Object {
			*v = Value{Kind: Array}
		}
	case n == 0:
	case flaw == RequestFlawDrop:
		i := pick % n
		v.Members = append(v.Members[:i:i], v.Members[i+1:]...)
	case flaw == RequestFlawKind:
		v.Members[pick%n].Value = flawKinds[(pick/n)%len(flawKinds)]
	case flaw == RequestFlawSpell:
		for _, name := range []string{"jsonrpc", "method"} {
			if m := memberOf(v, name); m != nil && pick%2 == 0 {
				*m = flawSpellings[(pick/2)%len(flawSpellings)]
				return
			}
			pick /= 2
		}
	case flaw == RequestFlawExtra:
		name := flawExtraNames[pick%len(flawExtraNames)]
		if memberOf(v, name) == nil {
			v.Members = append(v.Members, Member{name, flawKinds[(pick/len(flawExtraNames))%len(flawKinds)]})
		}
	}
}
