// This file reads a JSON text that targets/admit has admitted by byte
// offsets, without building a tree: where a value ends, the members of an
// object, the elements of an array. Admission has already checked the
// grammar (RFC 8259), so every walk here only finds where each token ends.
// On bytes that are not admitted JSON an answer means nothing (a
// container's end is where its brackets balance), but no walk panics or
// reads past the slice, and one that runs out of bytes reports false.

package jsonwire

import "bytes"

// Span is the value or token b[Start:End].
type Span struct{ Start, End int }

// Of returns the bytes of the span.
func (s Span) Of(b []byte) []byte { return b[s.Start:s.End] }

// Member is one member of an object: its name token (quotes included) and
// its value.
type Member struct{ Name, Value Span }

// SkipSpace returns the offset of the first byte at or after i that is not
// JSON whitespace (RFC 8259 section 2: space, tab, LF, CR).
//
// Byte at a time, inlined: a run eight bytes at a time (NonSpace over a
// word, called past the first byte) cost admission 2.8 % more instructions
// on the api document and 3.9 % on numbers, whose runs are empty or one
// byte long (docs/PERFORMANCE.md, issue 20).
func SkipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// ValueEnd returns the offset just after the value that starts at b[i],
// and false if no value ends within b.
func ValueEnd(b []byte, i int) (int, bool) {
	if i < 0 || i >= len(b) {
		return i, false
	}
	switch b[i] {
	case '"':
		return StringEnd(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				j, ok := StringEnd(b, i)
				if !ok {
					return j, false
				}
				i = j
				continue
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1, true
				}
			}
			i++
		}
		return i, false
	}
	j := i // a number or a literal: up to the next delimiter
	for j < len(b) && !isDelimiter(b[j]) {
		j++
	}
	return j, j > i
}

// StringEnd returns the offset just after the string token at b[i]. It
// jumps to the next quote (bytes.IndexByte) and steps over the escapes
// before it, looking for the next quote again only when one was escaped,
// so a string costs its length whatever it holds. The first shortString
// bytes are looked at one by one: most strings of a message (its member
// names, a method, a tool's name) end there, and two calls of
// bytes.IndexByte cost more than their bytes (issue 20: 30 strings a
// small tools/call, in the guard's index of it).
func StringEnd(b []byte, i int) (int, bool) {
	i++
short:
	for n := min(len(b), i+shortString); i < n; i++ {
		switch b[i] {
		case '"':
			return i + 1, true
		case '\\':
			break short // the escapes are the loop's below
		}
	}
	for i < len(b) {
		q := bytes.IndexByte(b[i:], '"')
		if q < 0 {
			return len(b), false
		}
		q += i
		for {
			e := bytes.IndexByte(b[i:q], '\\')
			if e < 0 {
				return q + 1, true
			}
			if i += e + 2; i > q {
				break // the quote was escaped
			}
		}
	}
	return len(b), false
}

// shortString is how many bytes of a string StringEnd and NameIs look at
// one by one before bytes.IndexByte.
const shortString = 16

func isDelimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', ',', ':', '{', '}', '[', ']', '"':
		return true
	}
	return false
}

// Cursor steps through the members of one object of admitted bytes, for
// a reader that descends into the values it needs and skips the rest, so
// that it reads every byte once. It holds no pointer but to the bytes, so
// a reader keeps it (and whatever it indexes) on its stack:
//
//	c := NewCursor(b, i)
//	for name, v, ok := c.Next(); ok; name, v, ok = c.Next() {
//		c.Skip(end of the value at v)
//	}
//	end, ok := c.End()
type Cursor struct {
	b    []byte
	i    int  // the offset to read from
	end  int  // the offset just after the closing brace, once read
	done bool // the walk is over: at the closing brace, or stopped
	ok   bool // the walk reached the closing brace
	next bool // a member was returned and its value not yet skipped
}

// NewCursor starts a walk of the object that starts at b[i].
func NewCursor(b []byte, i int) Cursor {
	if i >= len(b) || b[i] != '{' {
		return Cursor{b: b, i: i, done: true}
	}
	c := Cursor{b: b, i: SkipSpace(b, i+1)}
	if c.i < len(b) && b[c.i] == '}' {
		c.done, c.ok, c.end = true, true, c.i+1
	}
	return c
}

// Next returns the next member's name token and the offset of its value,
// or false when the walk is over. The caller reports where the value ends
// with Skip before it calls Next again.
func (c *Cursor) Next() (name Span, value int, ok bool) {
	b := c.b
	if c.done || c.next || c.i >= len(b) || b[c.i] != '"' {
		c.done = true
		return Span{}, 0, false
	}
	nameEnd, ok := StringEnd(b, c.i)
	if !ok {
		c.done, c.i = true, nameEnd
		return Span{}, 0, false
	}
	j := SkipSpace(b, nameEnd)
	if j >= len(b) || b[j] != ':' {
		c.done, c.i = true, j
		return Span{}, 0, false
	}
	c.next = true
	return Span{c.i, nameEnd}, SkipSpace(b, j+1), true
}

// Skip continues the walk after the value that ends at b[end]; an end
// that is not where a value could end (ok false from ValueEnd) is reported
// with ok false, and stops the walk.
func (c *Cursor) Skip(end int, ok bool) {
	b := c.b
	c.next = false
	if !ok {
		c.done, c.i = true, end
		return
	}
	i := SkipSpace(b, end)
	switch {
	case i < len(b) && b[i] == '}':
		c.done, c.ok, c.end = true, true, i+1
	case i < len(b) && b[i] == ',':
		c.i = SkipSpace(b, i+1)
	default:
		c.done, c.i = true, i
	}
}

// End returns the offset just after the closing brace and true once the
// walk reached it, or where it stopped and false.
func (c *Cursor) End() (int, bool) {
	if c.ok {
		return c.end, true
	}
	return c.i, false
}

// Object walks the object that starts at b[i] with a Cursor, calling each
// for every member in order with the member's name token and the offset
// of its value; each returns the offset just after the value (it may walk
// into the value, or skip it with ValueEnd) and false to stop the walk
// there. Object returns what Cursor.End returns.
func Object(b []byte, i int, each func(name Span, value int) (end int, ok bool)) (int, bool) {
	c := NewCursor(b, i)
	for name, v, ok := c.Next(); ok; name, v, ok = c.Next() {
		c.Skip(each(name, v))
	}
	return c.End()
}

// Members calls each for every member of the object that starts at b[i],
// in order, until each returns false. It reports whether b[i] starts an
// object whose members it could walk to the closing brace (or to where
// each stopped).
func Members(b []byte, i int, each func(Member) bool) bool {
	stopped := false
	_, ok := Object(b, i, func(name Span, v int) (int, bool) {
		end, ok := ValueEnd(b, v)
		if ok && !each(Member{name, Span{v, end}}) {
			stopped = true
			return end, false
		}
		return end, ok
	})
	return ok || stopped
}

// Elements calls each for every element of the array that starts at b[i],
// in order, until each returns false; it reports what Members reports.
func Elements(b []byte, i int, each func(Span) bool) bool {
	if i >= len(b) || b[i] != '[' {
		return false
	}
	i = SkipSpace(b, i+1)
	if i < len(b) && b[i] == ']' {
		return true
	}
	for i < len(b) {
		end, ok := ValueEnd(b, i)
		if !ok {
			return false
		}
		if !each(Span{i, end}) {
			return true
		}
		i = SkipSpace(b, end)
		if i < len(b) && b[i] == ']' {
			return true
		}
		if i >= len(b) || b[i] != ',' {
			return false
		}
		i = SkipSpace(b, i+1)
	}
	return false
}

// CountValues counts the values of the value at b[i], itself and every
// value nested in it (each member value and array element; member names
// are not values), stopping as soon as the count passes max. It reports
// the count (at most max+1) and whether the value was walked to its end.
// The walk is a loop, not a recursion, whatever the nesting.
func CountValues(b []byte, i, max int) (int, bool) {
	end, ok := ValueEnd(b, i)
	if !ok {
		return 0, false
	}
	n := 0
	for j := i; j < end; {
		switch c := b[j]; {
		case c == '"':
			k, _ := StringEnd(b, j)
			if at := SkipSpace(b, k); at >= end || b[at] != ':' {
				n++ // a string value, not a member name
			}
			j = k
			continue
		case c == '{', c == '[':
			n++
		case isDelimiter(c):
		default: // a number or a literal
			n++
			for j < end && !isDelimiter(b[j]) {
				j++
			}
			continue
		}
		if n > max {
			return max + 1, true
		}
		j++
	}
	if n > max {
		n = max + 1
	}
	return n, true
}

// ValueType names the JSON type of the value that starts with byte c (RFC 8259
// section 3), as targets/bound names them.
func ValueType(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "boolean"
	case 'n':
		return "null"
	}
	return "number"
}
