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
}

// indexMessage walks the object at msg[top], an admitted message, once:
// it steps into params, and in params into arguments and _meta, and skips
// every other value unread.
func indexMessage(msg []byte, top int) *message {
	m := new(message)
	jsonwire.Object(msg, top, func(name jsonwire.Span, v int) (int, bool) {
		tok := name.Of(msg)
		switch {
		case jsonwire.NameIs(tok, "params"):
			return m.indexed(&m.params, msg, v, m.indexParams)
		case jsonwire.NameIs(tok, "method"):
			return m.skipped(&m.method, msg, v)
		case jsonwire.NameIs(tok, "id"):
			return m.skipped(&m.id, msg, v)
		case jsonwire.NameIs(tok, "jsonrpc"):
			return m.skipped(&m.jsonrpc, msg, v)
		}
		return jsonwire.ValueEnd(msg, v)
	})
	return m
}

// indexParams walks the params object at msg[at].
func (m *message) indexParams(msg []byte, at int) (int, bool) {
	return jsonwire.Object(msg, at, func(name jsonwire.Span, v int) (int, bool) {
		tok := name.Of(msg)
		switch {
		case jsonwire.NameIs(tok, "arguments"):
			return m.indexed(&m.arguments, msg, v, m.indexArguments)
		case jsonwire.NameIs(tok, "_meta"):
			return m.indexed(&m.meta, msg, v, m.indexMeta)
		case jsonwire.NameIs(tok, "name"):
			return m.skipped(&m.name, msg, v)
		}
		return jsonwire.ValueEnd(msg, v)
	})
}

// indexArguments records where each member of the arguments object at
// msg[at] begins.
func (m *message) indexArguments(msg []byte, at int) (int, bool) {
	return jsonwire.Object(msg, at, func(name jsonwire.Span, v int) (int, bool) {
		m.args.add(uint32(name.Start))
		return jsonwire.ValueEnd(msg, v)
	})
}

// indexMeta finds the provenance member of the _meta object at msg[at].
func (m *message) indexMeta(msg []byte, at int) (int, bool) {
	return jsonwire.Object(msg, at, func(name jsonwire.Span, v int) (int, bool) {
		if jsonwire.NameIs(name.Of(msg), ProvenanceKey) {
			return m.skipped(&m.provenance, msg, v)
		}
		return jsonwire.ValueEnd(msg, v)
	})
}

// skipped records the value at msg[v] in f without reading into it.
func (m *message) skipped(f *field, msg []byte, v int) (int, bool) {
	end, ok := jsonwire.ValueEnd(msg, v)
	*f = field{jsonwire.Span{Start: v, End: end}, ok}
	return end, ok
}

// indexed records the value at msg[v] in f, walking into it with walk when
// it is an object.
func (m *message) indexed(f *field, msg []byte, v int, walk func([]byte, int) (int, bool)) (int, bool) {
	if v >= len(msg) || msg[v] != '{' {
		return m.skipped(f, msg, v)
	}
	end, ok := walk(msg, v)
	*f = field{jsonwire.Span{Start: v, End: end}, ok}
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

// offsets is a list of byte offsets kept in chunks that double up to
// maxChunk entries and then stay that size, so the list costs about what
// it holds: append's growth of one slice would allocate about five times
// the final size for a long list.
type offsets struct{ chunks [][]uint32 }

const maxChunk = 1 << 12

func (o *offsets) add(v uint32) {
	n := len(o.chunks)
	if n == 0 || len(o.chunks[n-1]) == cap(o.chunks[n-1]) {
		size := 8
		if n > 0 {
			size = min(2*cap(o.chunks[n-1]), maxChunk)
		}
		o.chunks = append(o.chunks, make([]uint32, 0, size))
		n++
	}
	o.chunks[n-1] = append(o.chunks[n-1], v)
}
