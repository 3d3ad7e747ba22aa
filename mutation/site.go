package mutation

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
)

// Site is one refusal site: a statement of a target's non-test code that
// builds, returns or passes on a refusal, drops an empty meet, or (for
// ShiftLimit) a constant a refusal depends on.
type Site struct {
	ID      string // Rel/Func#Ordinal@Hash: stable under edits elsewhere
	Pkg     *Package
	File    *File
	Func    string // Recv.Name, or Name; "const" for a limit
	Ordinal int
	Hash    string // of the statement, printed without comments
	Kind    string // the refusal kind: "admit.Syntax", "bound.MalformedError", "bound.EmptyMeet", "limit"
	Line    int
	Stmt    ast.Node

	kindPos   []kindPos
	offsetPos []ast.Expr
	guard     *guardOf
	success   *ast.ReturnStmt // results to turn into success, or nil
	successFn *ast.FuncType
	emptyMeet bool
	consts    []types.Object // numeric constants the refusal depends on
}

type kindPos struct {
	expr ast.Expr
	key  string // the grouped object it names
}

// guardOf says how the statement is reached: through the condition of an
// if (or its else), through the expressions of a tagless case, or neither
// (then DropCheck removes the statement).
type guardOf struct {
	ifStmt    *ast.IfStmt
	inElse    bool
	clause    *ast.CaseClause
	removable bool
}

func (g *guardOf) conds() []ast.Expr {
	switch {
	case g.ifStmt != nil:
		return []ast.Expr{g.ifStmt.Cond}
	case g.clause != nil:
		return g.clause.List
	}
	return nil
}

func fsetLine(file *File, pos token.Pos) int {
	base := file.AST.FileStart
	return bytes.Count(file.Src[:int(pos-base)], []byte("\n")) + 1
}

// hashNode hashes a node's printed form, so comments and layout elsewhere
// do not change a site's identity.
func hashNode(fset *token.FileSet, n ast.Node) string {
	if fset == nil {
		fset = token.NewFileSet()
	}
	var b bytes.Buffer
	printer.Fprint(&b, fset, n)
	sum := sha256.Sum256(b.Bytes())
	return hex.EncodeToString(sum[:4])
}
