package seeds

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/canonfuzz/canonfuzz/internal/modroot"
	"github.com/canonfuzz/canonfuzz/internal/vecfile"
)

// Payloads reads the payloads of the .vec files of a folder of the module
// (header lines, a blank line, the payload), each made into a seed's
// values by wrap, keeping only files with the header line only when it is
// not empty. A payload the folder's own harness trims of a last newline
// is trimmed here too, when trim is set.
func Payloads(dir, comment, only string, trim bool, wrap func(payload []byte) []any) Source {
	return Source{Comment: comment + " (" + dir + "/*.vec)", Read: func() ([]Seed, error) {
		root, err := modroot.Find()
		if err != nil {
			return nil, err
		}
		return readFiles(filepath.Join(root, dir), "*.vec", "vector-", func(data []byte) ([]byte, error) {
			f, err := vecfile.Parse(data)
			if err != nil {
				return nil, err
			}
			if key, want, _ := strings.Cut(only, ": "); only != "" {
				if got, ok := f.Get(key); !ok || got != want {
					return nil, nil
				}
			}
			payload := f.Payload
			if trim {
				payload = bytes.TrimSuffix(payload, []byte("\n"))
			}
			return payload, nil
		}, wrap)
	}}
}

// ModuleFiles reads the files matching glob in the directory of a
// dependency module, as `go list -m` finds it in the module cache.
func ModuleFiles(module, glob, comment string, wrap func(data []byte) []any) Source {
	return Source{Comment: comment + " (" + module + "/" + glob + ")", Read: func() ([]Seed, error) {
		root, err := modroot.Find()
		if err != nil {
			return nil, err
		}
		cmd := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", module)
		cmd.Dir = root
		out, err := cmd.Output()
		dir := strings.TrimSpace(string(out))
		if err != nil || dir == "" {
			return nil, fmt.Errorf("go list -m %s: %v (run go mod download)", module, err)
		}
		return readFiles(dir, glob, "file-", func(b []byte) ([]byte, error) { return b, nil }, wrap)
	}}
}

// readFiles makes one seed of each file matching glob in dir, by name.
func readFiles(dir, glob, prefix string, content func([]byte) ([]byte, error), wrap func([]byte) []any) ([]Seed, error) {
	paths, err := filepath.Glob(filepath.Join(dir, glob))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []Seed
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err == nil {
			data, err = content(data)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if data == nil {
			continue
		}
		out = append(out, Seed{Name: prefix + filepath.Base(p), Comment: "the file " + filepath.Base(p), Values: wrap(data)})
	}
	return out, nil
}

// AsBytes is a file's content as one []byte argument.
func AsBytes(data []byte) []any { return []any{data} }
