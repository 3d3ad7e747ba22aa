package guard

import "github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"

// field is the value of one member the guard reads, found in the admitted
// bytes; ok is false when the object has no such member.
type field struct {
	jsonwire.Span
	ok bool
}

// kindOf names the JSON type of a field's value.
func (f field) kindOf(msg []byte) string { return jsonwire.ValueType(msg[f.Start]) }

// isObject reports whether the field is present and an object.
func (f field) isObject(msg []byte) bool { return f.ok && msg[f.Start] == '{' }

// message is the index of one admitted JSON-RPC message: where each member
// the guard reads lies, found by indexMessage in one walk over the bytes.
// Admission has refused duplicate names, so each name is found once, and
// names are compared decoded ("m\u0065thod" is the method).
type message struct {
	// The envelope (JSON-RPC 2.0 section 4).
	jsonrpc, id, method, params field
	// The members of params when it is an object (MCP tools/call; SEP-3246
	// section 2.1): the tool's name, its arguments and _meta.
	name, arguments, meta field
	// _meta[ProvenanceKey] when _meta is an object (section 2.1).
	provenance field
	// args holds where the name token of each member of arguments begins,
	// when arguments is an object, in order: four bytes a member, so that
	// a message of many small arguments costs a small multiple of its size
	// (TestDecideCostsASmallMultipleOfTheMessage); the rest of a member is
	// found from its name only for the arguments a rule constrains.
	args offsets
	// topAlias and paramsAlias are the first member name at the top level
	// and in params that is an alias of a name read there (fold.go).
	topAlias, paramsAlias *alias
	// metaAlias is the first member of _meta that is an alias of the
	// provenance key: a next guard decoding _meta into a struct would read
	// its chain, which lacks this guard's hop.
	metaAlias *alias
}

// indexMessage walks the object at msg[top], an admitted message, once:
// it steps into params, and in params into arguments and _meta, and skips
// every other value unread. The index is a value: with the cursors of
// jsonwire it stays on the caller's stack.
func indexMessage(msg []byte, top int) message {
	var m message
	c := jsonwire.NewCursor(msg, top)
	for name, v, ok := c.Next(); ok; name, v, ok = c.Next() {
		switch tok := name.Of(msg); {
		case jsonwire.NameIs(tok, "params"):
			c.Skip(m.indexParams(msg, v))
		case jsonwire.NameIs(tok, "method"):
			c.Skip(m.method.skip(msg, v))
		case jsonwire.NameIs(tok, "id"):
			c.Skip(m.id.skip(msg, v))
		case jsonwire.NameIs(tok, "jsonrpc"):
			c.Skip(m.jsonrpc.skip(msg, v))
		default:
			if a, ok := aliasOf(tok, topNames); ok && m.topAlias == nil {
				found := a // not a: its address would move it to the heap on every member
				m.topAlias = &found
			}
			c.Skip(jsonwire.ValueEnd(msg, v))
		}
	}
	return m
}

// indexParams records the params value at msg[v] and, when it is an
// object, its members.
func (m *message) indexParams(msg []byte, v int) (int, bool) {
	if !m.params.descend(msg, v) {
		return m.params.skip(msg, v)
	}
	c := jsonwire.NewCursor(msg, v)
	for name, v, ok := c.Next(); ok; name, v, ok = c.Next() {
		switch tok := name.Of(msg); {
		case jsonwire.NameIs(tok, "arguments"):
			c.Skip(m.indexArguments(msg, v))
		case jsonwire.NameIs(tok, "_meta"):
			c.Skip(m.indexMeta(msg, v))
		case jsonwire.NameIs(tok, "name"):
			c.Skip(m.name.skip(msg, v))
		default:
			if a, ok := aliasOf(tok, paramsNames); ok && m.paramsAlias == nil {
				found := a
				m.paramsAlias = &found
			}
			c.Skip(jsonwire.ValueEnd(msg, v))
		}
	}
	return m.params.ended(c.End())
}

// indexArguments records the arguments value at msg[v] and, when it is an
// object, where each of its members begins.
func (m *message) indexArguments(msg []byte, v int) (int, bool) {
	if !m.arguments.descend(msg, v) {
		return m.arguments.skip(msg, v)
	}
	c := jsonwire.NewCursor(msg, v)
	for name, v, ok := c.Next(); ok; name, v, ok = c.Next() {
		m.args.add(uint32(name.Start))
		c.Skip(jsonwire.ValueEnd(msg, v))
	}
	return m.arguments.ended(c.End())
}

// indexMeta records the _meta value at msg[v] and, when it is an object,
// its provenance member.
func (m *message) indexMeta(msg []byte, v int) (int, bool) {
	if !m.meta.descend(msg, v) {
		return m.meta.skip(msg, v)
	}
	c := jsonwire.NewCursor(msg, v)
	for name, v, ok := c.Next(); ok; name, v, ok = c.Next() {
		if jsonwire.NameIs(name.Of(msg), ProvenanceKey) {
			c.Skip(m.provenance.skip(msg, v))
		} else {
			if a, ok := aliasOf(name.Of(msg), provenanceNames); ok && m.metaAlias == nil {
				found := a
				m.metaAlias = &found
			}
			c.Skip(jsonwire.ValueEnd(msg, v))
		}
	}
	return m.meta.ended(c.End())
}

// skip records the value at msg[v] in f without reading into it.
func (f *field) skip(msg []byte, v int) (int, bool) {
	end, ok := jsonwire.ValueEnd(msg, v)
	*f = field{jsonwire.Span{Start: v, End: end}, ok}
	return end, ok
}

// descend reports whether the value at msg[v] is an object to walk into,
// and starts recording it in f.
func (f *field) descend(msg []byte, v int) bool {
	f.Start = v
	return v < len(msg) && msg[v] == '{'
}

// ended records where the object f walked into ends.
func (f *field) ended(end int, ok bool) (int, bool) {
	f.End, f.ok = end, ok
	return end, ok
}

// argumentName returns the name token of the member of arguments that
// begins at msg[at].
func argumentName(msg []byte, at int) jsonwire.Span {
	end, _ := jsonwire.StringEnd(msg, at)
	return jsonwire.Span{Start: at, End: end}
}

// argumentValue returns the value of the member whose name token ends at
// msg[nameEnd].
func argumentValue(msg []byte, nameEnd int) jsonwire.Span {
	v := jsonwire.SkipSpace(msg, jsonwire.SkipSpace(msg, nameEnd)+1)
	end, _ := jsonwire.ValueEnd(msg, v)
	return jsonwire.Span{Start: v, End: end}
}

// offsets is a list of byte offsets: the first few in place (no
// allocation for a call of a few arguments), the rest in chunks that
// double up to maxChunk entries and then stay that size, so the list costs
// about what it holds (append's growth of one slice would allocate about
// five times the final size for a long list).
type offsets struct {
	first  [8]uint32
	n      int // entries in first
	chunks [][]uint32
}

const maxChunk = 1 << 12

func (o *offsets) add(v uint32) {
	if o.n < len(o.first) {
		o.first[o.n] = v
		o.n++
		return
	}
	n := len(o.chunks)
	if n == 0 || len(o.chunks[n-1]) == cap(o.chunks[n-1]) {
		size := 2 * len(o.first)
		if n > 0 {
			size = min(2*cap(o.chunks[n-1]), maxChunk)
		}
		o.chunks = append(o.chunks, make([]uint32, 0, size))
		n++
	}
	o.chunks[n-1] = append(o.chunks[n-1], v)
}
