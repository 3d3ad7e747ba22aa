package findings

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
)

// specDir is the folder of specification write-ups, not vectors.
const specDir = "spec"

// studyDir is the folder of the differential study's findings
// (canonfuzz matrix): vectors of this format in one folder per
// implementation, replayed by study_test.go through the implementations
// themselves, not through the minimizer's signers.
const studyDir = "study"

// Entry is one vector and the file it was read from.
type Entry struct {
	Path   string
	Vector Vector
}

// ErrEmpty is returned by Load when a findings folder, or one of its target
// folders, holds no vector: a replay that replays nothing must not pass.
var ErrEmpty = errors.New("findings: no vectors")

// Load reads every *.vec file of every target folder under dir (spec/
// excepted), in lexical order. A vector whose target header is not its
// folder's name is an error; other files are ignored. Test API: the
// replay test of this package (findings_test.go), the tests of
// cmd/canonfuzz that read what minimize wrote, and go generate's gen.go
// read vectors with it; nothing shipped does.
func Load(dir string) ([]Entry, error) {
	return loadFolders(dir, func(name string) bool {
		return name == specDir || name == studyDir || strings.HasPrefix(name, ".") || name == "testdata"
	})
}

// LoadStudy reads a differential study's findings (canonfuzz matrix
// --findings; findings/study): every *.vec of every folder of dir, each
// folder named after the implementation its vectors concern, by the rules
// of Load with no folder reserved.
func LoadStudy(dir string) ([]Entry, error) {
	return loadFolders(dir, func(name string) bool { return false })
}

// loadFolders reads the vectors of every folder of dir that skip does not
// name; dir holding no vector at all is ErrEmpty.
func loadFolders(dir string, skip func(name string) bool) ([]Entry, error) {
	folders, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var all []Entry
	for _, f := range folders {
		if !f.IsDir() || skip(f.Name()) {
			continue
		}
		entries, err := loadTarget(filepath.Join(dir, f.Name()), f.Name())
		if err != nil {
			return nil, err
		}
		all = append(all, entries...)
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("%w under %s", ErrEmpty, dir)
	}
	return all, nil
}

// loadTarget reads the vectors of one target folder.
func loadTarget(dir, target string) ([]Entry, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.vec"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%w in %s", ErrEmpty, dir)
	}
	sort.Strings(paths)
	entries := make([]Entry, 0, len(paths))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		v, err := Parse(data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		if v.Target != target {
			return nil, fmt.Errorf("%s: %w", p, &FormatError{Reason: fmt.Sprintf("target %q in folder %q", v.Target, target)})
		}
		entries = append(entries, Entry{Path: p, Vector: v})
	}
	return entries, nil
}

// Record writes v under dir/TARGET/, keeping one vector per signature: when
// a vector of that folder has v's mode, signature, fuzz target and form
// already, its count
// grows by v.Count and nothing else changes. It returns the file written and
// whether v was a repeat. A new vector is named after its signature.
func Record(dir string, v Vector) (path string, repeat bool, err error) {
	if _, err := v.Marshal(); err != nil {
		return "", false, err
	}
	folder := filepath.Join(dir, v.Target)
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return "", false, err
	}
	existing, err := loadTarget(folder, v.Target)
	if err != nil && !errors.Is(err, ErrEmpty) {
		return "", false, err
	}
	taken := map[string]bool{}
	for _, e := range existing {
		if e.Vector.Mode == v.Mode && e.Vector.Signature == v.Signature && e.Vector.FuzzTarget == v.FuzzTarget && e.Vector.Form == v.Form {
			e.Vector.Count += v.Count
			return e.Path, true, write(e.Path, e.Vector)
		}
		taken[filepath.Base(e.Path)] = true
	}
	base := vectorName(v.Target, string(v.Signature))
	if v.Form == Document {
		base += "-document"
	}
	name := base + ".vec"
	for i := 2; taken[name] || exists(filepath.Join(folder, name)); i++ {
		name = fmt.Sprintf("%s-%d.vec", base, i)
	}
	path = filepath.Join(folder, name)
	return path, false, write(path, v)
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// write replaces path with v through a temporary file, so that a reader
// never sees half a vector.
func write(path string, v Vector) error {
	data, err := v.Marshal()
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// maxNameLen bounds a vector's file name, without ".vec".
const maxNameLen = 60

// vectorName is a file name for a signature: the target prefix dropped,
// words split at case changes and separators, lower case, joined by '-':
// "admit:DuplicateMember" becomes "duplicate-member".
func vectorName(target, sig string) string {
	sig = strings.TrimPrefix(sig, target+":")
	var b strings.Builder
	dash := false
	prev := rune(0)
	for _, r := range sig {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if unicode.IsUpper(r) && unicode.IsLower(prev) && b.Len() > 0 {
				dash = true
			}
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		default:
			dash = true
		}
		prev = r
	}
	name := b.String()
	if len(name) > maxNameLen {
		name = strings.TrimRight(name[:maxNameLen], "-")
	}
	if name == "" {
		name = "finding"
	}
	return name
}
