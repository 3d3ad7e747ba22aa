package bound

import "fmt"

// Schemas says, per tool and argument, how argument strings are
// canonicalized. A tool or argument it does not name is ModeDual. The nil
// Schemas is valid and names nothing.
type Schemas map[string]map[string]Mode

// ModeOf returns the mode of one argument.
func (s Schemas) ModeOf(tool, arg string) Mode {
	if m, ok := s[tool][arg]; ok {
		return m
	}
	return ModeDual
}

// hierarchicalFormats are the inputSchema "format" values that make a
// string argument hierarchical (SEP-3246 section 3.2.2 steps 2 and 3: "URIs,
// paths").
var hierarchicalFormats = map[string]bool{
	"path": true, "uri": true, "uri-reference": true, "iri": true, "iri-reference": true,
}

// ParseTools reads the raw bytes of an MCP tools/list result ({"tools":
// [...]}), or of a JSON-RPC response carrying one under "result", into
// Schemas: each property of a tool's inputSchema whose "format" is
// hierarchical is ModeHierarchical; every other argument stays ModeDual.
func ParseTools(raw []byte) (Schemas, error) {
	v, err := ParseValue(raw)
	if err != nil {
		return nil, err
	}
	return SchemasFromValue(v)
}

// SchemasFromValue is ParseTools on a decoded value.
func SchemasFromValue(v Value) (Schemas, error) {
	base := ""
	if r, ok := v.Get("result"); ok {
		v, base = r, "/result"
	}
	tools, ok := v.Get("tools")
	if !ok || tools.Kind != KindArray {
		return nil, malformed(base+"/tools", missingOr(ok, FaultWantArray), "a tools/list result needs a tools array")
	}
	s := Schemas{}
	for i, t := range tools.Array {
		ptr := fmt.Sprintf("%s/tools/%d", base, i)
		name, ok := t.Get("name")
		if t.Kind != KindObject || !ok || name.Kind != KindString {
			return nil, malformed(ptr, toolFault(t, ok), "a tool needs a string name")
		}
		AddSchema(s, name.Str, t)
	}
	return s, nil
}

// toolFault is the fault of a tools/list entry t that has no string name:
// not an object, the name absent, or not a string.
func toolFault(t Value, hasName bool) Fault {
	if t.Kind != KindObject {
		return FaultWantObject
	}
	return missingOr(hasName, FaultWantString)
}

// AddSchema records the hierarchical arguments of one tool definition (an
// object with an inputSchema) in s, replacing what s said about the tool.
// A guard calls it for each tool of a tools/list answer as it passes.
func AddSchema(s Schemas, tool string, def Value) {
	args := map[string]Mode{}
	schema, _ := def.Get("inputSchema")
	props, _ := schema.Get("properties")
	for _, p := range props.Members {
		if f, ok := p.Value.Get("format"); ok && f.Kind == KindString && hierarchicalFormats[f.Str] {
			args[p.Name] = ModeHierarchical
		}
	}
	s[tool] = args
}
