package jcs

import (
	"bytes"

	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// A writer produces the canonical form of one JSON text in a single pass
// over its bytes, without recursion: open containers live on an explicit
// stack, so nesting costs a frame, never a Go stack frame. Members are
// written in input order and each object is put in order when it closes
// (see closeObject); an object that is already in order is not moved.
type writer struct {
	in      []byte
	out     []byte
	stack   []frame
	members []member                          // the members of every open object, innermost last
	keys    []byte                            // decoded names that carried escapes, innermost last
	scratch []byte                            // room to reorder one object's members
	orders  [insertionSortMax + 1]memberOrder // the last order of each small size
}

// A frame is one open container.
type frame struct {
	object  bool
	start   int // offset in out just after the opening bracket
	members int // index in members of this object's first member
	keys    int // length of keys when this object opened
}

// A member is one written member of an open object. It holds no
// pointers, so sorting moves plain words and the collector never scans it.
type member struct {
	prefix uint64 // sortPrefix of the decoded name
	key    int    // where the decoded name starts: in in, or at ^key in keys
	keyLen int    // its length in bytes
	start  int    // offset in out of the name's opening quote
	end    int    // offset in out just after the value; set on closing
}

// keyOf returns a member's decoded name.
func (w *writer) keyOf(m *member) []byte {
	if m.key < 0 {
		return w.keys[^m.key : ^m.key+m.keyLen]
	}
	return w.in[m.key : m.key+m.keyLen]
}

// write appends the canonical form of w.in to w.out. It assumes nothing it
// does not check, so input that is not JSON gives an error, not a panic;
// it leaves two things to admission: that string bytes are UTF-8, and that
// member names are unique (duplicates are written, in no promised order).
func (w *writer) write() error {
	in := w.in
	i := jsonwire.SkipSpace(in, 0)
	for {
		var opened bool
		var err error
		if i, opened, err = w.value(i); err != nil {
			return &WriteError{Offset: int64(i), Err: err}
		}
		if opened {
			continue
		}
		var done bool
		if i, done, err = w.next(i); err != nil {
			return &WriteError{Offset: int64(i), Err: err}
		}
		if done {
			return nil
		}
	}
}

// value writes the value at in[i]. For a non-empty container it writes the
// opening bracket, pushes a frame and reports opened, leaving i at the
// first element (for an object: at the first member's value, its name
// written).
func (w *writer) value(i int) (next int, opened bool, err error) {
	in := w.in
	if i >= len(in) {
		return i, false, errSyntax
	}
	switch c := in[i]; c {
	case '{', '[':
		j := jsonwire.SkipSpace(in, i+1)
		if j < len(in) && in[j] == c+2 { // '{'+2 is '}', '['+2 is ']'
			w.out = append(w.out, c, c+2)
			return j + 1, false, nil
		}
		w.out = append(w.out, c)
		w.stack = append(w.stack, frame{object: c == '{', start: len(w.out),
			members: len(w.members), keys: len(w.keys)})
		if c == '{' {
			j, err = w.memberName(j, false)
		}
		return j, true, err
	case '"':
		w.out, next, _, err = appendString(w.out, in, i)
		return next, false, err
	case 't':
		return w.literal(i, "true")
	case 'f':
		return w.literal(i, "false")
	case 'n':
		return w.literal(i, "null")
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		out, j, err := appendNumber(w.out, in, i)
		if err != nil {
			return i, false, err
		}
		w.out = out
		return j, false, nil
	}
	return i, false, errSyntax
}

// next reads what follows a complete value: a comma and the next element,
// or the closing brackets of as many containers as end here. It reports
// done when the top-level value is complete and only whitespace follows.
func (w *writer) next(i int) (int, bool, error) {
	in := w.in
	for {
		i = jsonwire.SkipSpace(in, i)
		if len(w.stack) == 0 {
			if i != len(in) {
				return i, false, errSyntax
			}
			return i, true, nil
		}
		if i >= len(in) {
			return i, false, errSyntax
		}
		top := &w.stack[len(w.stack)-1]
		switch c := in[i]; {
		case c == ',':
			if top.object {
				i, err := w.memberName(jsonwire.SkipSpace(in, i+1), true)
				return i, false, err
			}
			w.out = append(w.out, ',')
			return jsonwire.SkipSpace(in, i+1), false, nil
		case c == '}' && top.object:
			w.closeObject(top)
			w.out = append(w.out, '}')
		case c == ']' && !top.object:
			w.out = append(w.out, ']')
		default:
			return i, false, errSyntax
		}
		w.stack = w.stack[:len(w.stack)-1]
		i++
	}
}

// memberName writes the member name at in[i] and its colon, after a comma
// if comma says one separates it from the member before, records the
// member with its decoded name, and returns the offset of the member's
// value. The common case, a name without escapes written `,"name":` with
// no whitespace, is one copy of those input bytes.
func (w *writer) memberName(i int, comma bool) (int, error) {
	in := w.in
	if i >= len(in) || in[i] != '"' {
		return i, errSyntax
	}
	if j := jsonwire.SkipLiteral(in, i+1); j+1 < len(in) && in[j] == '"' && in[j+1] == ':' {
		from := i
		if comma {
			if in[i-1] == ',' {
				from-- // the comma comes along
			} else {
				w.out = append(w.out, ',')
			}
		}
		m := member{key: i + 1, keyLen: j - (i + 1), start: len(w.out) + i - from}
		w.out = append(w.out, in[from:j+2]...)
		m.prefix = sortPrefix(in[i+1 : j])
		w.members = append(w.members, m)
		return jsonwire.SkipSpace(in, j+2), nil
	}
	if comma {
		w.out = append(w.out, ',')
	}
	start := len(w.out)
	out, next, escaped, err := appendString(w.out, in, i)
	w.out = out
	if err != nil {
		return next, err
	}
	m := member{key: i + 1, keyLen: next - 1 - (i + 1), start: start}
	if escaped {
		k := len(w.keys)
		if w.keys, _, err = decodeString(w.keys, in, i); err != nil {
			return i, err
		}
		m.key, m.keyLen = ^k, len(w.keys)-k
	}
	m.prefix = sortPrefix(w.keyOf(&m))
	w.members = append(w.members, m)
	j := jsonwire.SkipSpace(in, next)
	if j >= len(in) || in[j] != ':' {
		return j, errSyntax
	}
	w.out = append(w.out, ':')
	return jsonwire.SkipSpace(in, j+1), nil
}

func (w *writer) literal(i int, lit string) (int, bool, error) {
	if !bytes.HasPrefix(w.in[i:], []byte(lit)) {
		return i, false, errSyntax
	}
	w.out = append(w.out, lit...)
	return i + len(lit), false, nil
}
