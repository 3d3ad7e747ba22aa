package minimize

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The input formats ReadInput recognizes.
const (
	FormatGoTestFuzz = "go-test-fuzz-v1" // a native Go failure file (testdata/fuzz/FuzzX/...)
	FormatGoFuzz     = "go-fuzz"         // a go-fuzz crasher: raw bytes beside NAME.output
	FormatLibFuzzer  = "libfuzzer"       // a libFuzzer crash-*, leak-*, timeout-* or oom-* file
	FormatPlain      = "plain"           // any other file, taken as it is
)

// goTestFuzzHeader is the first line of a native Go corpus file.
const goTestFuzzHeader = "go test fuzz v1"

// ErrInputFormat is matched by a *FormatError: a file that claims a format
// and does not follow it.
var ErrInputFormat = errors.New("minimize: malformed input file")

// FormatError locates a fault in a failure file.
type FormatError struct {
	Path   string
	Line   int // 1-based; 0 for the file as a whole
	Reason string
}

func (e *FormatError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.Path, e.Reason)
	}
	return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Reason)
}

// Is makes errors.Is(err, ErrInputFormat) hold.
func (e *FormatError) Is(target error) bool { return target == ErrInputFormat }

// ReadInput reads a failing input as one byte string and says which format
// it came in. A native Go failure file gives its first []byte or string
// value; ReadValues gives every value. Naming a go-fuzz crasher's .output or .quoted file reads
// the crasher beside it.
func ReadInput(path string) (data []byte, format string, err error) {
	for _, ext := range []string{".output", ".quoted"} {
		if base, ok := strings.CutSuffix(path, ext); ok && isFile(base) && isFile(base+".output") {
			path = base
		}
	}
	data, err = os.ReadFile(path)
	if err != nil {
		return nil, "", err
	}
	switch name := filepath.Base(path); {
	case isGoTestFuzz(data):
		v, err := goTestFuzzValue(path, data)
		return v, FormatGoTestFuzz, err
	case isFile(path + ".output"):
		return data, FormatGoFuzz, nil
	case IsLibFuzzerArtifact(name):
		return data, FormatLibFuzzer, nil
	default:
		return data, FormatPlain, nil
	}
}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// IsLibFuzzerArtifact reports whether a file name is one libFuzzer
// writes for a failing input: crash-*, leak-*, timeout-*, oom-* or
// slow-unit-* (its -artifact_prefix, then the kind and the input's SHA-1).
func IsLibFuzzerArtifact(name string) bool {
	for _, p := range []string{"crash-", "leak-", "timeout-", "oom-", "slow-unit-"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// goTestFuzzValue returns the first []byte or string value of a native Go
// corpus file.
func goTestFuzzValue(path string, data []byte) ([]byte, error) {
	values, err := UnmarshalValues(path, data)
	if err != nil {
		return nil, err
	}
	for _, v := range values {
		switch v := v.(type) {
		case []byte:
			return v, nil
		case string:
			return []byte(v), nil
		}
	}
	return nil, &FormatError{Path: path, Reason: "no []byte or string value"}
}

// ReadValues reads a failing input as the arguments of one fuzz
// execution: every value of a native Go failure file, or the one byte
// string of any other format ReadInput knows.
func ReadValues(path string) (values []any, format string, err error) {
	if raw, err := os.ReadFile(path); err == nil && isGoTestFuzz(raw) {
		values, err := UnmarshalValues(path, raw)
		return values, FormatGoTestFuzz, err
	}
	data, format, err := ReadInput(path)
	return []any{data}, format, err
}

// isGoTestFuzz reports whether data begins with the native corpus header.
func isGoTestFuzz(data []byte) bool {
	return bytes.HasPrefix(data, []byte(goTestFuzzHeader+"\n")) || string(data) == goTestFuzzHeader
}
