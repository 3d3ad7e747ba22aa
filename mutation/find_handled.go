package mutation

import (
	"go/ast"
	"go/token"
)

// A handled refusal: the first statement of the branch that a sentinel
// test leads to, `case errors.Is(err, errInFlightFull):` of a tagless
// switch or `if errors.Is(err, S) {` (or `err == S`), where S is a
// sentinel of a target. The branch is where the program acts on a refusal
// it was handed (the guard's session answers a request over --max-in-flight
// with -32000 and does not forward it), yet its statement need not name a
// refusal: `s.answerGone(id, why)`. Without this shape such a branch was
// never mutated (the refusal-site sweep of 2026-12-06, docs/MUTATION.md).
// DropCheck forces the test false, so the error falls to the next case.

// handledSentinel returns the sentinel whose test guards the statement on
// top of the stack, when the statement is the first of the branch the
// test leads to, or "".
func (f *finder) handledSentinel(s ast.Stmt) string {
	n := len(f.stack)
	if n < 3 {
		return ""
	}
	var conds []ast.Expr
	switch parent := f.stack[n-2].(type) {
	case *ast.CaseClause:
		if n < 5 || len(parent.Body) == 0 || parent.Body[0] != s {
			return ""
		}
		if sw, ok := f.stack[n-4].(*ast.SwitchStmt); !ok || sw.Tag != nil {
			return ""
		}
		conds = parent.List
	case *ast.BlockStmt:
		ifs, ok := f.stack[n-3].(*ast.IfStmt)
		if !ok || ifs.Body != parent || len(parent.List) == 0 || parent.List[0] != s {
			return ""
		}
		conds = []ast.Expr{ifs.Cond}
	default:
		return ""
	}
	for _, c := range conds {
		if k := f.sentinelTest(c); k != "" {
			return k
		}
	}
	return ""
}

// sentinelTest returns the sentinel that the condition c holds an error to:
// errors.Is(x, S) or x == S (S == x), or "".
func (f *finder) sentinelTest(c ast.Expr) string {
	info := f.pkg.Info
	sentinel := func(e ast.Expr) string {
		if obj := referent(info, ast.Unparen(e)); obj != nil && f.model.sentinels[objKey(obj)] {
			return objKey(obj)
		}
		return ""
	}
	switch c := ast.Unparen(c).(type) {
	case *ast.CallExpr:
		if obj := f.callee(c); obj != nil && obj.Pkg() != nil && obj.Pkg().Path() == "errors" &&
			obj.Name() == "Is" && len(c.Args) == 2 {
			return sentinel(c.Args[1])
		}
	case *ast.BinaryExpr:
		if c.Op != token.EQL {
			return ""
		}
		if k := sentinel(c.Y); k != "" && isErrorType(info.TypeOf(c.X)) {
			return k
		}
		if k := sentinel(c.X); k != "" && isErrorType(info.TypeOf(c.Y)) {
			return k
		}
	}
	return ""
}
