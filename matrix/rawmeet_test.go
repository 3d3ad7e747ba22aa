package matrix

import (
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// rawMeetGuard is a guard with the two meet faults issue 12 names, and no
// other: each hop's bound is judged right (bound.BoundAdmits, "path" read
// as a path, as the reference guard reads every string), but the
// chain's bounds are met pairwise on operands as written, keeping the
// narrower of two prefixes (or an eq under a prefix) by startswith on the
// raw strings, and dropping a glob "G*" for a prefix P when P+"*" starts
// with G, as if the glob's '*' crossed '/'. Anything else is met as the
// conjunction of both, which is exact.
type rawMeetGuard struct{ checkFault bool }

func (rawMeetGuard) Name() string    { return "raw-meet" }
func (rawMeetGuard) Version() string { return "test" }
func (rawMeetGuard) Close() error    { return nil }

// Check admits what the raw meet admits. With checkFault it first decodes
// "%2F" in the argument "path" (a check fault: an encoded separator read
// as one).
func (g rawMeetGuard) Check(provenance, params []byte) (bool, string, error) {
	p, err := bound.Parse(provenance)
	if err != nil || len(p.Chain) == 0 {
		return false, "malformed", nil
	}
	call, err := bound.ParseCall(params)
	if err != nil {
		return false, "malformed call", nil
	}
	if v, ok := call.Arguments["path"]; g.checkFault && ok && v.Kind == bound.KindString {
		call.Arguments["path"] = bound.String(strings.ReplaceAll(v.Str, "%2F", "/"))
	}
	eff := p.Chain[0].Bound
	for _, h := range p.Chain[1:] {
		eff = rawMeetBounds(eff, h.Bound)
	}
	// Like the reference guard, it reads "path" as a path.
	canon := bound.Canon{Schemas: bound.Schemas{call.Name: {"path": bound.ModeHierarchical}}}
	return bound.BoundAdmits(eff, call, canon), "", nil
}

func rawMeetBounds(a, b bound.Bound) bound.Bound {
	var out bound.Bound
	for _, r := range a {
		for _, s := range b {
			if r.Tool != s.Tool {
				continue
			}
			args := map[string]bound.Constraint{}
			for k, c := range r.Args {
				args[k] = c
			}
			for k, c := range s.Args {
				if d, ok := args[k]; ok {
					c = rawMeet(d, c)
				}
				args[k] = c
			}
			out = append(out, bound.Rule{Tool: r.Tool, Args: args})
		}
	}
	return out
}

func rawMeet(a, b bound.Constraint) bound.Constraint {
	switch {
	case a.Op == bound.OpPrefix && b.Op == bound.OpPrefix && strings.HasPrefix(b.Operand, a.Operand):
		return b
	case a.Op == bound.OpPrefix && b.Op == bound.OpPrefix && strings.HasPrefix(a.Operand, b.Operand):
		return a
	case a.Op == bound.OpPrefix && b.Op == bound.OpEq && b.Value.Kind == bound.KindString && strings.HasPrefix(b.Value.Str, a.Operand):
		return b
	case a.Op == bound.OpGlob && b.Op == bound.OpPrefix && strings.HasSuffix(a.Operand, "*") && strings.HasPrefix(b.Operand+"*", strings.TrimSuffix(a.Operand, "*")):
		return b
	case a.Op == bound.OpPrefix && b.Op == bound.OpGlob:
		if m := rawMeet(b, a); m.Op == bound.OpPrefix {
			return m
		}
	}
	return bound.Constraint{Op: bound.OpAnd, And: []bound.Constraint{a, b}}
}

// chainOf writes a chain of one-rule hops on the argument "path" of tool
// "t", each hop given as an operator and its operand's JSON.
func chainOf(hops ...[2]string) string {
	var parts []string
	for i, h := range hops {
		parts = append(parts, `{"component":"h`+string(rune('0'+i))+`","bound":[{"tool":"t","args":{"path":{"`+h[0]+`":`+h[1]+`}}}]}`)
	}
	return `{"v":1,"chain":[` + strings.Join(parts, ",") + `]}`
}

func callOf(path string) string { return `{"name":"t","arguments":{"path":"` + path + `"}}` }
