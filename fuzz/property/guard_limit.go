package property

import (
	"bytes"
	"errors"
	"io"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/guard"
	"github.com/go-json-experiment/json/jsontext"
)

// callReading is a tools/call request as the property reads it, the slow
// way, when the twin cannot decode it: by go-json-experiment/jsontext,
// whose decoder refuses duplicate names and invalid UTF-8 at every depth
// and whose names are compared exactly once unescaped, in one pass over
// the whole message (a message the property reads here holds 64 Ki
// values). It reads the members the guard reads before the arguments
// (SEP-3246 section 4.1) and counts, token by token, the JSON values of
// the provenance and of each argument. A member that is absent is nil.
type callReading struct {
	ok                        bool // one JSON object, nothing after it, whose params are an object
	jsonrpc, id, method, name jsontext.Value
	args                      membersReading // params.arguments
	meta                      membersReading // params._meta
	provenance                jsontext.Value // params._meta[guard.ProvenanceKey], when _meta is an object
	provenanceValues          int            // the JSON values of provenance
}

// membersReading is an object member of params that the property looks
// into: whether it is there, whether it is an object, and, for the
// arguments, the JSON values of each of its members.
type membersReading struct {
	present, object bool
	values          map[string]int
}

// errNotObject ends a reading where an object was required.
var errNotObject = errors.New("property: not an object")

// readCall reads raw as callReading says; a message that cannot be read
// so (not one valid JSON object, duplicate names, params absent or not an
// object) is a reading that is not ok.
func readCall(raw []byte) callReading {
	var r callReading
	d := jsontext.NewDecoder(bytes.NewReader(raw))
	params := false
	err := readMembers(d, func(name string) (err error) {
		switch name {
		case "jsonrpc":
			r.jsonrpc, err = readRaw(d)
		case "id":
			r.id, err = readRaw(d)
		case "method":
			r.method, err = readRaw(d)
		case "params":
			if params = d.PeekKind() == '{'; params {
				return readMembers(d, func(name string) error { return r.readParam(d, raw, name) })
			}
			return d.SkipValue()
		default:
			return d.SkipValue()
		}
		return err
	})
	if err != nil || !params {
		return callReading{}
	}
	if _, err := d.ReadToken(); err != io.EOF {
		return callReading{} // something after the message
	}
	r.ok = true
	return r
}

// readParam reads the member name of params.
func (r *callReading) readParam(d *jsontext.Decoder, raw []byte, name string) (err error) {
	switch name {
	case "name":
		r.name, err = readRaw(d)
		return err
	case "arguments":
		r.args = membersReading{present: true, object: d.PeekKind() == '{'}
		if !r.args.object {
			return d.SkipValue()
		}
		r.args.values = map[string]int{}
		return readMembers(d, func(arg string) error {
			n, _, err := countValue(d, raw)
			r.args.values[arg] = n
			return err
		})
	case "_meta":
		r.meta = membersReading{present: true, object: d.PeekKind() == '{'}
		if !r.meta.object {
			return d.SkipValue()
		}
		return readMembers(d, func(key string) (err error) {
			if key != guard.ProvenanceKey {
				return d.SkipValue()
			}
			r.provenanceValues, r.provenance, err = countValue(d, raw)
			return err
		})
	}
	return d.SkipValue()
}

// readMembers reads the object that comes next in d, calling member with
// each name; member reads the name's value.
func readMembers(d *jsontext.Decoder, member func(name string) error) error {
	tok, err := d.ReadToken()
	if err != nil {
		return err
	}
	if tok.Kind() != '{' {
		return errNotObject
	}
	for d.PeekKind() != '}' {
		tok, err := d.ReadToken()
		if err != nil {
			return err
		}
		if err := member(tok.String()); err != nil {
			return err
		}
	}
	_, err = d.ReadToken()
	return err
}

// readRaw reads the value that comes next in d, a copy of its bytes.
func readRaw(d *jsontext.Decoder) (jsontext.Value, error) {
	v, err := d.ReadValue()
	return v.Clone(), err
}

// countValue reads the value that comes next in d, which reads raw,
// counting its JSON values as bound.MaxValues counts them (every scalar,
// array and object), from the tokens jsontext reads: each token but an
// end and a member name begins a value. It returns the value's bytes, a
// slice of raw. It builds no tree: what it counts may hold 64 Ki values.
func countValue(d *jsontext.Decoder, raw []byte) (n int, value []byte, err error) {
	start, depth := d.InputOffset(), d.StackDepth()
	for {
		tok, err := d.ReadToken()
		if err != nil {
			return n, nil, err
		}
		if k := tok.Kind(); k != ']' && k != '}' {
			// A name leaves its object's count of names and values odd.
			if kind, length := d.StackIndex(d.StackDepth()); kind != '{' || length%2 == 0 {
				n++
			}
		}
		if d.StackDepth() == depth {
			// The value begins after the name's colon and any space.
			return n, bytes.TrimLeft(raw[start:d.InputOffset()], " \t\r\n:"), nil
		}
	}
}

// tokenValues counts the JSON values of raw, one valid JSON value, as
// countValue does.
func tokenValues(raw []byte) int {
	n, _, _ := countValue(jsontext.NewDecoder(bytes.NewReader(raw)), raw)
	return n
}

// provenancePastCap reports whether the message's
// params._meta["io.noescalation/provenance"] (SEP-3246 section 4.1 step
// 1) holds more than gen.ValueCap JSON values (bound.MaxValues as bound
// documents it); a message that cannot be read so is not past the cap
// here.
func provenancePastCap(raw []byte) bool { return readCall(raw).provenancePastCap() }

// provenancePastCap is provenancePastCap of the message r read.
func (r callReading) provenancePastCap() bool {
	return r.ok && r.provenance != nil && r.provenanceValues > gen.ValueCap
}
