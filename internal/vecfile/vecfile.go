// Package vecfile reads the .vec format every vector folder of the module
// shares (targets/admit, targets/bound and targets/guard's
// testdata/vectors, findings/, and the seed catalogue that replays them):
// header lines "key: value", a blank line, then the payload bytes exactly.
// What the keys mean is each folder's own; the format is read here once.
package vecfile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Field is one header line.
type Field struct {
	Line  int // 1-based
	Key   string
	Value string
}

// File is one parsed vector.
type File struct {
	Header  []Field
	Payload []byte
}

// ErrFormat is matched by every *FormatError.
var ErrFormat = errors.New("vecfile: malformed vector")

// FormatError is a vector that does not follow the format.
type FormatError struct {
	Line   int // 1-based header line; 0 for the vector as a whole
	Reason string
}

func (e *FormatError) Error() string {
	if e.Line == 0 {
		return "malformed vector: " + e.Reason
	}
	return fmt.Sprintf("malformed vector: header line %d: %s", e.Line, e.Reason)
}

// Is makes errors.Is(err, ErrFormat) hold.
func (e *FormatError) Is(target error) bool { return target == ErrFormat }

// Parse reads one vector: it refuses a header no blank line ends, a line
// that is not "key: value" (an empty key included), and a repeated key,
// so that no reader of the folder takes a different one of two values.
// The payload is the bytes after the blank line, exactly.
func Parse(data []byte) (File, error) {
	header, payload, ok := bytes.Cut(data, []byte("\n\n"))
	if !ok {
		return File{}, &FormatError{Reason: "no blank line ends the header"}
	}
	f := File{Payload: payload}
	seen := map[string]bool{}
	for i, line := range strings.Split(string(header), "\n") {
		key, value, ok := strings.Cut(line, ": ")
		if !ok || key == "" {
			return File{}, &FormatError{Line: i + 1, Reason: fmt.Sprintf("%q is not \"key: value\"", line)}
		}
		if seen[key] {
			return File{}, &FormatError{Line: i + 1, Reason: fmt.Sprintf("key %q repeated", key)}
		}
		seen[key] = true
		f.Header = append(f.Header, Field{Line: i + 1, Key: key, Value: value})
	}
	return f, nil
}

// Read parses the vector at path; an error names the file.
func Read(path string) (File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return File{}, err
	}
	f, err := Parse(data)
	if err != nil {
		return File{}, fmt.Errorf("%s: %w", filepath.Base(path), err)
	}
	return f, nil
}

// Get is the value of key, and whether the header has it.
func (f File) Get(key string) (string, bool) {
	for _, h := range f.Header {
		if h.Key == key {
			return h.Value, true
		}
	}
	return "", false
}

// Paths lists the .vec files of dir, in name order.
func Paths(dir string) ([]string, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.vec"))
	sort.Strings(paths)
	return paths, err
}

// ReadDir reads every .vec file of dir, in name order, with read (each
// folder's own reader: what its keys mean), and refuses a folder with no
// vector, so that a run over it cannot pass by checking nothing. An error
// of read names the file.
func ReadDir[V any](dir string, read func(path string) (V, error)) ([]V, error) {
	paths, err := Paths(dir)
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no vectors (*.vec) in %s", dir)
	}
	vs := make([]V, 0, len(paths))
	for _, p := range paths {
		v, err := read(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		vs = append(vs, v)
	}
	return vs, nil
}
