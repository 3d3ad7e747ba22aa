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

// study is what both studies write, the pair study (Report) and the guard
// study (GuardReport): the report as JSON, its Markdown tables, and its
// SARIF log, which points into those tables.
type study interface {
	Markdown(command string) string
	SARIF(dir, markdown string) sarif.Log
}

// writeStudy writes rep under dir as matrix.json, matrix.md (the tables
// command produced) and matrix.sarif (the log whose locations are lines
// of matrix.md), stopping at the first file it cannot write.
func writeStudy(dir, command string, rep study) error {
	if err := WriteJSON(dir, JSONFile, rep); err != nil {
		return err
	}
	md := rep.Markdown(command)
	if err := writeFile(dir, MDFile, []byte(md)); err != nil {
		return err
	}
	return sarif.Write(filepath.Join(dir, SARIFFile), rep.SARIF(dir, md))
}

// Write writes matrix.json, matrix.md, matrix.sarif and matrix-pairs.svg
// under dir.
func (rep Report) Write(dir, command string) error {
	if err := writeStudy(dir, command, rep); err != nil {
		return err
	}
	names := make([]string, len(rep.Implementations))
	for i, ir := range rep.Implementations {
		names[i] = ir.Name
	}
	return writeFile(dir, SVGFile, []byte(PairsSVG(names, rep.Pairs, "HMAC-SHA256 sign-then-verify failures, canonfuzz matrix")))
}
