package minimize

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The `go test fuzz v1` format of Go's fuzzing engine (testdata/fuzz/FuzzX/
// and the engine's cache): a header line, then one value per line as a Go
// conversion of a literal, in the order f.Fuzz takes the arguments. These
// are the types the suite's targets take.

// MarshalValues writes values in the `go test fuzz v1` format, as the
// engine writes them, so that `go test` replays the file.
func MarshalValues(values []any) ([]byte, error) {
	var b strings.Builder
	b.WriteString(goTestFuzzHeader + "\n")
	for _, v := range values {
		switch v := v.(type) {
		case []byte:
			fmt.Fprintf(&b, "[]byte(%q)\n", v)
		case string:
			fmt.Fprintf(&b, "string(%q)\n", v)
		case uint8:
			fmt.Fprintf(&b, "byte(%q)\n", v)
		case bool, int, int64, uint64:
			fmt.Fprintf(&b, "%T(%v)\n", v, v)
		case float64:
			if math.IsNaN(v) || math.IsInf(v, 0) {
				fmt.Fprintf(&b, "math.Float64frombits(0x%x)\n", math.Float64bits(v))
			} else {
				fmt.Fprintf(&b, "float64(%v)\n", strconv.FormatFloat(v, 'g', -1, 64))
			}
		default:
			return nil, fmt.Errorf("minimize: a %T value has no `go test fuzz v1` form", v)
		}
	}
	return []byte(b.String()), nil
}

// UnmarshalValues reads a `go test fuzz v1` file. path names the file in
// errors, which are *FormatError.
func UnmarshalValues(path string, data []byte) ([]any, error) {
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if lines[0] != goTestFuzzHeader {
		return nil, &FormatError{Path: path, Line: 1, Reason: "not a `" + goTestFuzzHeader + "` file"}
	}
	var values []any
	for i, line := range lines[1:] {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		v, err := parseValue(line)
		if err != nil {
			return nil, &FormatError{Path: path, Line: i + 2, Reason: err.Error()}
		}
		values = append(values, v)
	}
	if len(values) == 0 {
		return nil, &FormatError{Path: path, Reason: "no value"}
	}
	return values, nil
}

// parseValue reads one T(literal) line.
func parseValue(line string) (any, error) {
	open := strings.IndexByte(line, '(')
	if open <= 0 || !strings.HasSuffix(line, ")") {
		return nil, fmt.Errorf("%q is not a value of the form T(literal)", line)
	}
	typ, lit := line[:open], line[open+1:len(line)-1]
	bad := func(err error) error { return fmt.Errorf("%s literal %s: %v", typ, lit, err) }
	switch typ {
	case "[]byte", "string":
		s, err := strconv.Unquote(lit)
		if err != nil {
			return nil, bad(err)
		}
		if typ == "string" {
			return s, nil
		}
		return []byte(s), nil
	case "byte", "uint8":
		if strings.HasPrefix(lit, "'") {
			r, _, tail, err := strconv.UnquoteChar(strings.TrimSuffix(lit[1:], "'"), '\'')
			if err != nil || tail != "" || r > 0xff {
				return nil, bad(fmt.Errorf("not one byte"))
			}
			return uint8(r), nil
		}
		n, err := strconv.ParseUint(lit, 0, 8)
		if err != nil {
			return nil, bad(err)
		}
		return uint8(n), nil
	case "bool":
		b, err := strconv.ParseBool(lit)
		if err != nil {
			return nil, bad(err)
		}
		return b, nil
	case "int", "int64":
		n, err := strconv.ParseInt(lit, 0, 64)
		if err != nil {
			return nil, bad(err)
		}
		if typ == "int" {
			return int(n), nil
		}
		return n, nil
	case "uint64":
		n, err := strconv.ParseUint(lit, 0, 64)
		if err != nil {
			return nil, bad(err)
		}
		return n, nil
	case "float64":
		f, err := strconv.ParseFloat(lit, 64)
		if err != nil {
			return nil, bad(err)
		}
		return f, nil
	case "math.Float64frombits":
		n, err := strconv.ParseUint(lit, 0, 64)
		if err != nil {
			return nil, bad(err)
		}
		return math.Float64frombits(n), nil
	}
	return nil, fmt.Errorf("unsupported type %s", typ)
}
