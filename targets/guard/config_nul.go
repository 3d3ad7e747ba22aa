package guard

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// ErrNULInConfig is matched by a *NULError: a policy or a tool schema
// holding U+0000 in a string (red-team pass 4 of docs/GUARD.md). Every
// *NULError matches ErrConfig too.
var ErrNULInConfig = errors.New("guard: a configuration string holds U+0000")

// NULError is a string of the guard's configuration that holds U+0000:
// to a server reading C strings (cJSON) it is the string up to its NUL, so
// a rule on `"read_file\u0000"` is a rule on read_file there, which the
// policy's author did not write. Only an escape writes a NUL in JSON.
type NULError struct {
	Pointer string // the JSON pointer to the string, or to the member whose name holds it
	What    string // "a tool name", "an argument name", "a rule value", "a tool schema name", ...
	Str     string // the string
}

func (e *NULError) Error() string {
	return fmt.Sprintf("%v: %s at %q (%q): a server reading C strings reads %q", ErrNULInConfig, e.What, e.Pointer, e.Str, cString(e.Str))
}

// Is matches ErrNULInConfig and ErrConfig.
func (e *NULError) Is(target error) bool { return target == ErrNULInConfig || target == ErrConfig }

func holdsNUL(s string) bool { return strings.IndexByte(s, 0) >= 0 }

// CheckPolicyNUL refuses a policy bound holding U+0000 in any string it
// has (SEP-3246 section 3: a rule's tool, an argument name, and an eq, in,
// prefix or glob operand, within and as deep as it goes, member names of
// an eq object included): the first one, rules in order and a rule's
// arguments by name, as a *NULError whose pointer is the string's place
// in the policy file. The guard checks its policy once, when it starts
// (Proxy.Run, canonfuzz guard), never per message.
func CheckPolicyNUL(b bound.Bound) error {
	for i, r := range b {
		at := "/" + strconv.Itoa(i)
		if holdsNUL(r.Tool) {
			return &NULError{Pointer: at + "/tool", What: "a tool name", Str: r.Tool}
		}
		names := make([]string, 0, len(r.Args))
		for name := range r.Args {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			arg := at + "/args/" + bound.EscapePointerToken(name)
			if holdsNUL(name) {
				return &NULError{Pointer: arg, What: "an argument name", Str: name}
			}
			if err := constraintNUL(r.Args[name], arg); err != nil {
				return err
			}
		}
	}
	return nil
}

// constraintNUL is CheckPolicyNUL on one constraint at ptr.
func constraintNUL(c bound.Constraint, ptr string) error {
	at := ptr + "/" + string(c.Op)
	switch c.Op {
	case bound.OpEq:
		return valueNUL(c.Value, at)
	case bound.OpIn:
		for i, v := range c.Values {
			if err := valueNUL(v, at+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
	case bound.OpPrefix, bound.OpGlob:
		if holdsNUL(c.Operand) {
			return &NULError{Pointer: at, What: "a rule value", Str: c.Operand}
		}
	case bound.OpAnd:
		for i, sub := range c.And {
			if err := constraintNUL(sub, at+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
	}
	return nil
}

// valueNUL finds the first string or member name holding U+0000 in v.
func valueNUL(v bound.Value, ptr string) error {
	switch v.Kind {
	case bound.KindString:
		if holdsNUL(v.Str) {
			return &NULError{Pointer: ptr, What: "a rule value", Str: v.Str}
		}
	case bound.KindArray:
		for i, e := range v.Array {
			if err := valueNUL(e, ptr+"/"+strconv.Itoa(i)); err != nil {
				return err
			}
		}
	case bound.KindObject:
		for _, m := range v.Members {
			at := ptr + "/" + bound.EscapePointerToken(m.Name)
			if holdsNUL(m.Name) {
				return &NULError{Pointer: at, What: "a member name in a rule value", Str: m.Name}
			}
			if err := valueNUL(m.Value, at); err != nil {
				return err
			}
		}
	}
	return nil
}

// CheckToolsNUL refuses a tools/list result (the --tools file, decoded;
// bound.ParseTools has accepted it) that holds U+0000 in a string the
// guard reads from it: a tool's name, the name of a property of its
// inputSchema, or that property's format. Descriptions and the rest are
// not read, and not checked.
func CheckToolsNUL(v bound.Value) error {
	base := ""
	if r, ok := v.Get("result"); ok {
		v, base = r, "/result"
	}
	tools, _ := v.Get("tools")
	for i, t := range tools.Array {
		at := base + "/tools/" + strconv.Itoa(i)
		if name, _ := t.Get("name"); holdsNUL(name.Str) {
			return &NULError{Pointer: at + "/name", What: "a tool schema's tool name", Str: name.Str}
		}
		schema, _ := t.Get("inputSchema")
		props, _ := schema.Get("properties")
		for _, p := range props.Members {
			pat := at + "/inputSchema/properties/" + bound.EscapePointerToken(p.Name)
			if holdsNUL(p.Name) {
				return &NULError{Pointer: pat, What: "a tool schema's argument name", Str: p.Name}
			}
			if f, _ := p.Value.Get("format"); holdsNUL(f.Str) {
				return &NULError{Pointer: pat + "/format", What: "a tool schema's format", Str: f.Str}
			}
		}
	}
	return nil
}

// schemasNUL refuses tool schemas (Config.Canon.Schemas) naming a tool or
// an argument that holds U+0000; the pointer names the tool.
func schemasNUL(s bound.Schemas) error {
	tools := make([]string, 0, len(s))
	for t := range s {
		tools = append(tools, t)
	}
	slices.Sort(tools)
	for _, t := range tools {
		at := "/" + bound.EscapePointerToken(t)
		if holdsNUL(t) {
			return &NULError{Pointer: at, What: "a tool schema's tool name", Str: t}
		}
		for a := range s[t] {
			if holdsNUL(a) {
				return &NULError{Pointer: at + "/" + bound.EscapePointerToken(a), What: "a tool schema's argument name", Str: a}
			}
		}
	}
	return nil
}
