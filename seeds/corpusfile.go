package seeds

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// corpusFile encodes values in the `go test fuzz v1` format that the Go
// fuzzing engine reads from testdata/fuzz/FuzzX/: one typed Go literal per
// line. The format has no comments, so a seed's comment stays in the
// catalogue and in seeds/INDEX.md, and its name is the file's name.
func corpusFile(s Seed) ([]byte, error) {
	var b strings.Builder
	b.WriteString("go test fuzz v1\n")
	for _, v := range s.Values {
		lit, err := literal(v)
		if err != nil {
			return nil, fmt.Errorf("seeds: %s: %w", s.Name, err)
		}
		b.WriteString(lit)
		b.WriteByte('\n')
	}
	return []byte(b.String()), nil
}

// literal writes one value as the Go literal the engine parses.
func literal(v any) (string, error) {
	switch v := v.(type) {
	case []byte:
		return "[]byte(" + strconv.Quote(string(v)) + ")", nil
	case string:
		return "string(" + strconv.Quote(v) + ")", nil
	case bool:
		return "bool(" + strconv.FormatBool(v) + ")", nil
	case int:
		return "int(" + strconv.Itoa(v) + ")", nil
	case int64:
		return "int64(" + strconv.FormatInt(v, 10) + ")", nil
	case uint64:
		return "uint64(" + strconv.FormatUint(v, 10) + ")", nil
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Sprintf("math.Float64frombits(0x%x)", math.Float64bits(v)), nil
		}
		return "float64(" + strconv.FormatFloat(v, 'g', -1, 64) + ")", nil
	}
	return "", fmt.Errorf("unsupported seed value of type %T", v)
}

// goType names a value's type as f.Fuzz's parameter would spell it.
func goType(v any) string {
	if _, ok := v.([]byte); ok {
		return "[]byte"
	}
	return fmt.Sprintf("%T", v)
}
