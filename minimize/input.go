package minimize

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
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

// ReadInput reads a failing input and says which format it came in. A native
// Go failure file gives its first []byte or string value (further values,
// such as FuzzCanonicalizeFixedPoint's bool, are left out: the signers replay
// every option set). Naming a go-fuzz crasher's .output or .quoted file reads
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
	case bytes.HasPrefix(data, []byte(goTestFuzzHeader+"\n")) || string(data) == goTestFuzzHeader:
		v, err := goTestFuzzValue(path, data)
		return v, FormatGoTestFuzz, err
	case isFile(path + ".output"):
		return data, FormatGoFuzz, nil
	case hasAnyPrefix(name, "crash-", "leak-", "timeout-", "oom-", "slow-unit-"):
		return data, FormatLibFuzzer, nil
	default:
		return data, FormatPlain, nil
	}
}

func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// goTestFuzzValue returns the first []byte or string value of a native Go
// corpus file. Every line after the header must be a value of the form
// T(literal); the literal of a []byte or string is a Go string literal,
// read with strconv.Unquote.
func goTestFuzzValue(path string, data []byte) ([]byte, error) {
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	var found []byte
	ok := false
	for i, line := range lines[1:] {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		open := strings.IndexByte(line, '(')
		if open <= 0 || !strings.HasSuffix(line, ")") {
			return nil, &FormatError{Path: path, Line: i + 2, Reason: fmt.Sprintf("%q is not a value of the form T(literal)", line)}
		}
		typ, lit := line[:open], line[open+1:len(line)-1]
		if typ != "[]byte" && typ != "string" {
			continue
		}
		s, err := strconv.Unquote(lit)
		if err != nil {
			return nil, &FormatError{Path: path, Line: i + 2, Reason: fmt.Sprintf("%s literal: %v", typ, err)}
		}
		if !ok {
			found, ok = []byte(s), true
		}
	}
	if !ok {
		return nil, &FormatError{Path: path, Reason: "no []byte or string value"}
	}
	return found, nil
}
