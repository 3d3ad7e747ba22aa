package bound

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/go-json-experiment/json/jsontext"
)

// ParseValue admits raw with targets/admit (no duplicate members, no lone
// surrogates, no ill-formed UTF-8, nothing after the value) and decodes it.
// Faults are *MalformedError; an admission fault wraps the *admit.Error.
func ParseValue(raw []byte) (Value, error) {
	if err := admit.Scan(raw, admit.Options{}); err != nil {
		return Value{}, &MalformedError{Pointer: "", Reason: "not admitted: " + err.Error(), Err: err}
	}
	return decodeAdmitted(raw)
}

// decodeAdmitted decodes a text that admit.Scan has admitted. The jsontext
// decoder rejects duplicate names and invalid UTF-8 on its own as well, so
// the decode is strict even if called alone (as the tests do).
func decodeAdmitted(raw []byte) (Value, error) {
	d := jsontext.NewDecoder(bytes.NewReader(raw))
	v, err := decodeValue(d, "")
	if err != nil {
		return Value{}, err
	}
	if _, err := d.ReadToken(); err != io.EOF {
		return Value{}, malformed("", "content after the top-level value")
	}
	return v, nil
}

func decodeValue(d *jsontext.Decoder, ptr string) (Value, error) {
	tok, err := d.ReadToken()
	if err != nil {
		return Value{}, decodeFault(ptr, err)
	}
	switch tok.Kind() {
	case 'n':
		return Value{Kind: KindNull}, nil
	case 't', 'f':
		return Value{Kind: KindBool, Bool: tok.Bool()}, nil
	case '0':
		return Value{Kind: KindNumber, Number: tok.String()}, nil
	case '"':
		return Value{Kind: KindString, Str: tok.String()}, nil
	case '[':
		v := Value{Kind: KindArray, Array: []Value{}}
		for i := 0; d.PeekKind() != ']'; i++ {
			if d.PeekKind() == 0 {
				return Value{}, decodeFault(ptr, errors.New("unterminated array"))
			}
			e, err := decodeValue(d, ptr+"/"+strconv.Itoa(i))
			if err != nil {
				return Value{}, err
			}
			v.Array = append(v.Array, e)
		}
		_, err := d.ReadToken()
		return v, decodeFault(ptr, err)
	case '{':
		v := Value{Kind: KindObject, Members: []Member{}}
		for d.PeekKind() != '}' {
			nt, err := d.ReadToken()
			if err != nil || nt.Kind() != '"' {
				return Value{}, decodeFault(ptr, errOr(err, "object member name expected"))
			}
			name := nt.String()
			e, err := decodeValue(d, ptr+"/"+escapePointer(name))
			if err != nil {
				return Value{}, err
			}
			v.Members = append(v.Members, Member{Name: name, Value: e})
		}
		_, err := d.ReadToken()
		return v, decodeFault(ptr, err)
	}
	return Value{}, malformed(ptr, "unexpected token %v", tok.Kind())
}

func errOr(err error, msg string) error {
	if err != nil {
		return err
	}
	return errors.New(msg)
}

func decodeFault(ptr string, err error) error {
	if err == nil {
		return nil
	}
	return &MalformedError{Pointer: ptr, Reason: fmt.Sprintf("not JSON: %v", err), Err: err}
}

// escapePointer escapes one reference token (RFC 6901 section 3).
func escapePointer(tok string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(tok)
}
