package minimize

import (
	"errors"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// parseFailure checks the properties of FuzzParse (targets/bound): every
// refusal is typed, an accepted provenance marshals to a fixed point that
// Parse accepts, EffBound fails only for size, and Check on a call of each
// rule returns (a panic anywhere is Sign's panic signature):
//
//	bound:parse:untyped-refusal     Parse refused without ErrMalformed
//	bound:parse:marshal-error       MarshalJSON failed on what Parse accepted
//	bound:parse:marshalled-refused  Parse refused the marshalled form
//	bound:parse:not-fixed-point     marshalling that form changed it
//	bound:parse:effbound-error      EffBound failed other than ErrTooLarge
func parseFailure(input []byte) Signature {
	p, err := bound.Parse(input)
	if err != nil {
		if !errors.Is(err, bound.ErrMalformed) {
			return "bound:parse:untyped-refusal"
		}
		return Pass
	}
	out, err := p.MarshalJSON()
	if err != nil {
		return "bound:parse:marshal-error"
	}
	q, err := bound.Parse(out)
	if err != nil {
		return "bound:parse:marshalled-refused"
	}
	if again, _ := q.MarshalJSON(); string(again) != string(out) {
		return "bound:parse:not-fixed-point"
	}
	if _, err := bound.EffBound(p, bound.Canon{}); err != nil && !errors.Is(err, bound.ErrTooLarge) {
		return "bound:parse:effbound-error"
	}
	for _, h := range p.Chain {
		for _, r := range h.Bound {
			args := map[string]bound.Value{}
			for name := range r.Args {
				args[name] = bound.String("a/b")
			}
			bound.Check(p, bound.Call{Name: r.Tool, Arguments: args}, bound.Canon{Schemas: bound.Schemas{r.Tool: {"a": bound.ModeHierarchical}}})
		}
	}
	return Pass
}
