package matrix

import (
	"encoding/json"
	"os"
	"path/filepath"

	"github.com/canonfuzz/canonfuzz/internal/sarif"
)

// Output files of a study folder.
const (
	JSONFile = "matrix.json"
	MDFile   = "matrix.md"
	SVGFile  = "matrix-pairs.svg"
)

// WriteJSON writes v as indented JSON to dir/name.
func WriteJSON(dir, name string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(dir, name, append(data, '\n'))
}

func writeFile(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, name), data, 0o644)
}

// Write writes matrix.json, matrix.md, matrix.sarif and matrix-pairs.svg
// under dir.
func (rep Report) Write(dir, command string) error {
	if err := WriteJSON(dir, JSONFile, rep); err != nil {
		return err
	}
	md := rep.Markdown(command)
	if err := writeFile(dir, MDFile, []byte(md)); err != nil {
		return err
	}
	if err := sarif.Write(filepath.Join(dir, SARIFFile), rep.SARIF(dir, md)); err != nil {
		return err
	}
	names := make([]string, len(rep.Implementations))
	for i, ir := range rep.Implementations {
		names[i] = ir.Name
	}
	return writeFile(dir, SVGFile, []byte(PairsSVG(names, rep.Pairs, "HMAC-SHA256 sign-then-verify failures, canonfuzz matrix")))
}
