// Package sarifschema validates a SARIF log against the official SARIF
// 2.1.0 JSON schema (OASIS SARIF 2.1.0 Errata 01, sarif-schema-2.1.0.json),
// for the tests of the packages that write one (internal/sarif and the
// campaign, matrix and mutation reports through it).
//
// The schema is not a file of this repository: it is read from the source
// of the go-sarif module that go.sum pins, whose package
// pkg/report/v210/sarif holds it as the constant schema, byte for byte the
// schema the OASIS technical committee publishes. The validator is
// santhosh-tekuri/jsonschema, another module than the writer, with format
// assertions on, so that a log is checked by something other than the
// structs that wrote it. It is for tests: it runs the go command to find
// the module's source.
package sarifschema

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Module is the Go module that ships the schema, and File its file there.
const (
	Module = "github.com/owenrumney/go-sarif/v3"
	File   = "pkg/report/v210/sarif/schema.go"
	// ID is the schema's own id: the OASIS Errata 01 schema.
	ID = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)

var compiled = sync.OnceValues(compile)

// Validate reports whether data is a SARIF 2.1.0 log: an error naming
// every place where it departs from the schema, or nil.
func Validate(data []byte) error {
	sch, err := compiled()
	if err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("sarifschema: not JSON: %w", err)
	}
	return sch.Validate(doc)
}

// Text is the schema as the module ships it.
func Text() ([]byte, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", Module).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return nil, fmt.Errorf("sarifschema: go list -m %s: %v: %s", Module, err, ee.Stderr)
		}
		return nil, fmt.Errorf("sarifschema: go list -m %s: %w", Module, err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		return nil, fmt.Errorf("sarifschema: %s is not downloaded (go mod download)", Module)
	}
	path := filepath.Join(dir, filepath.FromSlash(File))
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("sarifschema: %w", err)
	}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if len(v.Names) != 1 || v.Names[0].Name != "schema" || len(v.Values) != 1 {
				continue
			}
			lit, ok := v.Values[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				break
			}
			text, err := strconv.Unquote(lit.Value)
			if err != nil {
				return nil, fmt.Errorf("sarifschema: %s: %w", path, err)
			}
			return []byte(text), nil
		}
	}
	return nil, fmt.Errorf("sarifschema: %s has no string constant schema", path)
}

func compile() (*jsonschema.Schema, error) {
	text, err := Text()
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(text))
	if err != nil {
		return nil, fmt.Errorf("sarifschema: the schema is not JSON: %w", err)
	}
	if m, ok := doc.(map[string]any); !ok || m["id"] != ID {
		return nil, fmt.Errorf("sarifschema: %s@%s ships a schema whose id is not %s", Module, File, ID)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource(ID, doc); err != nil {
		return nil, fmt.Errorf("sarifschema: %w", err)
	}
	sch, err := c.Compile(ID)
	if err != nil {
		return nil, fmt.Errorf("sarifschema: compiling the schema: %w", err)
	}
	return sch, nil
}
