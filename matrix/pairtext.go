package matrix

import (
	"bytes"
	"encoding/json"
	"io"
)

// The guard study takes chains apart as text, so that a hop, a rule or a
// call keeps the bytes a guard was sent: a member's value is its raw JSON
// text, member names and order are kept.

// member is one member of a JSON object: its name and raw value.
type member struct {
	name  string
	value json.RawMessage
}

// splitObject reads a JSON object into its members, in order, duplicates
// kept; ok is false if b is not one object.
func splitObject(b []byte) (ms []member, ok bool) {
	d := json.NewDecoder(bytes.NewReader(b))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	for d.More() {
		t, err := d.Token()
		name, isName := t.(string)
		if err != nil || !isName {
			return nil, false
		}
		var v json.RawMessage
		if d.Decode(&v) != nil {
			return nil, false
		}
		ms = append(ms, member{name, v})
	}
	if t, err := d.Token(); err != nil || t != json.Delim('}') {
		return nil, false
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, false
	}
	return ms, true
}

// splitArray reads a JSON array into its elements' raw texts.
func splitArray(b []byte) (es []json.RawMessage, ok bool) {
	d := json.NewDecoder(bytes.NewReader(b))
	if t, err := d.Token(); err != nil || t != json.Delim('[') {
		return nil, false
	}
	for d.More() {
		var v json.RawMessage
		if d.Decode(&v) != nil {
			return nil, false
		}
		es = append(es, v)
	}
	if t, err := d.Token(); err != nil || t != json.Delim(']') {
		return nil, false
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, false
	}
	return es, true
}

// joinObject writes members as one object.
func joinObject(ms []member) []byte {
	b := []byte{'{'}
	for i, m := range ms {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(append(quoteName(b, m.name), ':'), m.value...)
	}
	return append(b, '}')
}

// joinArray writes elements as one array.
func joinArray(es []json.RawMessage) []byte {
	b := []byte{'['}
	for i, e := range es {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, e...)
	}
	return append(b, ']')
}

// quoteName appends name as a JSON string.
func quoteName(b []byte, name string) []byte {
	enc, _ := json.Marshal(name)
	return append(b, enc...)
}

// get returns the value of the first member named name.
func get(ms []member, name string) (json.RawMessage, bool) {
	for _, m := range ms {
		if m.name == name {
			return m.value, true
		}
	}
	return nil, false
}

// with returns ms with the value of every member named name replaced.
func with(ms []member, name string, v []byte) []member {
	out := make([]member, len(ms))
	for i, m := range ms {
		if m.name == name {
			m.value = v
		}
		out[i] = m
	}
	return out
}

// rewriteStrings returns the JSON text b with every string value (not
// member names) replaced by f of its decoded value, inside the members
// named under (at any depth). Numbers, literals and the structure are kept
// as written; a changed string is written back by encoding/json. ok is
// false if b is not JSON.
func rewriteStrings(b []byte, under string, f func(string) string) ([]byte, bool) {
	var out bytes.Buffer
	ok := rewriteValue(&out, b, false, under, f, nil)
	return out.Bytes(), ok
}

// rewriteScalars is rewriteStrings for the numbers, booleans and nulls:
// f gets and returns raw JSON text.
func rewriteScalars(b []byte, under string, f func([]byte) []byte) ([]byte, bool) {
	var out bytes.Buffer
	ok := rewriteValue(&out, b, false, under, nil, f)
	return out.Bytes(), ok
}

func rewriteValue(out *bytes.Buffer, b []byte, inside bool, under string, str func(string) string, scalar func([]byte) []byte) bool {
	switch t := bytes.TrimSpace(b); {
	case len(t) == 0:
		return false
	case t[0] == '{':
		ms, ok := splitObject(t)
		return ok && writeJoined(out, '{', '}', len(ms), func(i int) bool {
			out.Write(quoteName(nil, ms[i].name))
			out.WriteByte(':')
			return rewriteValue(out, ms[i].value, inside || ms[i].name == under, under, str, scalar)
		})
	case t[0] == '[':
		es, ok := splitArray(t)
		return ok && writeJoined(out, '[', ']', len(es), func(i int) bool {
			return rewriteValue(out, es[i], inside, under, str, scalar)
		})
	case t[0] == '"' && inside && str != nil:
		var s string
		if json.Unmarshal(t, &s) != nil {
			return false
		}
		if r := str(s); r != s {
			enc, _ := json.Marshal(r)
			out.Write(enc)
		} else {
			out.Write(t)
		}
	case t[0] != '"' && inside && scalar != nil:
		out.Write(scalar(t))
	default:
		out.Write(t)
	}
	return true
}

// writeJoined writes open, the n elements each writes separated by
// commas, and close; it stops and reports false at the first element that
// fails.
func writeJoined(out *bytes.Buffer, open, close byte, n int, each func(i int) bool) bool {
	out.WriteByte(open)
	for i := range n {
		if i > 0 {
			out.WriteByte(',')
		}
		if !each(i) {
			return false
		}
	}
	out.WriteByte(close)
	return true
}

// stringsUnder returns the decoded string values inside the members named
// under (at any depth) of the JSON text b.
func stringsUnder(b []byte, under string) []string {
	var got []string
	rewriteStrings(b, under, func(s string) string {
		got = append(got, s)
		return s
	})
	return got
}

// hasNonString reports whether a number, boolean or null is inside the
// members named under.
func hasNonString(b []byte, under string) bool {
	found := false
	rewriteScalars(b, under, func(raw []byte) []byte {
		found = true
		return raw
	})
	return found
}

// stringifyScalars writes every number, boolean and null inside the
// members named under as the JSON string of its text.
func stringifyScalars(b []byte, under string) []byte {
	out, ok := rewriteScalars(b, under, func(raw []byte) []byte {
		enc, _ := json.Marshal(string(raw))
		return enc
	})
	if !ok {
		return b
	}
	return out
}
