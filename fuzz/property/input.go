package property

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// Input is the arguments of one fuzz execution, in the order the native
// fuzz target's f.Fuzz function takes them after *testing.T.
type Input []any

// Param is the Go type of one argument, spelt as in f.Fuzz's parameter
// list, so that a test can hold the registry to the parsed source.
type Param string

// The argument types the targets take.
const (
	Bytes  Param = "[]byte"
	String Param = "string"
	Bool   Param = "bool"
	Uint8  Param = "uint8"
	Uint64 Param = "uint64"
	Int    Param = "int"
)

// size is the bytes a fixed-size argument takes in FromBytes, 0 for a
// byte string.
func (p Param) size() int {
	switch p {
	case Bool, Uint8:
		return 1
	case Uint64, Int:
		return 8
	}
	return 0
}

// Fits reports whether in has exactly the types params lists.
func Fits(params []Param, in Input) error {
	if len(in) != len(params) {
		return fmt.Errorf("property: %d arguments, the target takes %d (%v)", len(in), len(params), params)
	}
	for i, p := range params {
		ok := false
		switch in[i].(type) {
		case []byte:
			ok = p == Bytes
		case string:
			ok = p == String
		case bool:
			ok = p == Bool
		case uint8:
			ok = p == Uint8
		case uint64:
			ok = p == Uint64
		case int:
			ok = p == Int
		}
		if !ok {
			return fmt.Errorf("property: argument %d is a %T, the target takes %s", i, in[i], p)
		}
	}
	return nil
}

// FromBytes reads arguments of the types params lists from one byte
// string, for the engines that hand a target bytes only (go-fuzz,
// libFuzzer) and for their crasher files. The fixed-size arguments come
// first, in order: a bool is the low bit of one byte, a uint8 one byte, a
// uint64 or an int eight bytes big-endian, and bytes past the end are
// zero. The byte strings follow, separated by NUL, the last taking the
// rest. A lone []byte or string is data itself. Every byte string gives
// arguments, so the decoding is total.
func FromBytes(params []Param, data []byte) Input {
	in := make(Input, len(params))
	for i, p := range params {
		n := p.size()
		if n == 0 {
			continue
		}
		var b [8]byte
		copy(b[8-n:], data[:min(n, len(data))])
		data = data[min(n, len(data)):]
		v := binary.BigEndian.Uint64(b[:])
		switch p {
		case Bool:
			in[i] = v&1 == 1
		case Uint8:
			in[i] = uint8(v)
		case Uint64:
			in[i] = v
		case Int:
			in[i] = int(int64(v))
		}
	}
	var strs []int
	for i, p := range params {
		if p.size() == 0 {
			strs = append(strs, i)
		}
	}
	for k, i := range strs {
		part := data
		if k < len(strs)-1 {
			part, data, _ = bytes.Cut(data, []byte{0})
		}
		if params[i] == String {
			in[i] = string(part)
		} else {
			in[i] = bytes.Clone(part)
		}
	}
	return in
}

// ToBytes writes in as FromBytes reads it, and reports false when it
// cannot: a byte string other than the last holds a NUL.
func ToBytes(params []Param, in Input) ([]byte, bool) {
	if Fits(params, in) != nil {
		return nil, false
	}
	var out []byte
	for i, p := range params {
		var v uint64
		switch x := in[i].(type) {
		case bool:
			if x {
				v = 1
			}
		case uint8:
			v = uint64(x)
		case uint64:
			v = x
		case int:
			v = uint64(int64(x))
		default:
			continue
		}
		var b [8]byte
		binary.BigEndian.PutUint64(b[:], v)
		out = append(out, b[8-p.size():]...)
	}
	first := true
	var last int
	for i, p := range params {
		if p.size() == 0 {
			last = i
		}
	}
	for i, p := range params {
		if p.size() != 0 {
			continue
		}
		var s []byte
		if x, ok := in[i].(string); ok {
			s = []byte(x)
		} else {
			s = in[i].([]byte)
		}
		if i != last && bytes.IndexByte(s, 0) >= 0 {
			return nil, false
		}
		if !first {
			out = append(out, 0)
		}
		out, first = append(out, s...), false
	}
	return out, true
}

// The accessors below read one argument of a type Fits has made sure of
// (spec.Binding.Check calls it first): a wrong type panics.

// Bytes is argument i as bytes, whether a []byte or a string.
func (in Input) Bytes(i int) []byte {
	if s, ok := in[i].(string); ok {
		return []byte(s)
	}
	return in[i].([]byte)
}

// Str is argument i, a string.
func (in Input) Str(i int) string { return in[i].(string) }

// Bool is argument i, a bool.
func (in Input) Bool(i int) bool { return in[i].(bool) }

// Uint8 is argument i, a uint8.
func (in Input) Uint8(i int) uint8 { return in[i].(uint8) }

// Uint64 is argument i, a uint64.
func (in Input) Uint64(i int) uint64 { return in[i].(uint64) }

// Int is argument i, an int.
func (in Input) Int(i int) int { return in[i].(int) }
