package mutation

import (
	"bytes"
	"context"
	"fmt"
	"go/ast"
	"go/scanner"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
)

// GremlinsOutput is gremlins' --output JSON (v0.6.0,
// internal/report/internal.OutputResult).
type GremlinsOutput struct {
	GoModule    string         `json:"go_module"`
	Files       []GremlinsFile `json:"files"`
	ElapsedTime float64        `json:"elapsed_time"`
}

// GremlinsFile is one file of GremlinsOutput: its mutants.
type GremlinsFile struct {
	Filename  string             `json:"file_name"`
	Mutations []GremlinsMutation `json:"mutations"`
}

// GremlinsMutation is one mutant gremlins made: its operator, status and
// position.
type GremlinsMutation struct {
	Type   string `json:"type"`
	Status string `json:"status"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

// gremlinsTokens is gremlins' tokenMutations table (internal/engine/
// mappings.go, v0.6.0): what each mutator turns a token into.
var gremlinsTokens = map[string]map[token.Token]token.Token{
	"ARITHMETIC_BASE":       {token.ADD: token.SUB, token.MUL: token.QUO, token.QUO: token.MUL, token.REM: token.MUL, token.SUB: token.ADD},
	"CONDITIONALS_BOUNDARY": {token.GEQ: token.GTR, token.GTR: token.GEQ, token.LEQ: token.LSS, token.LSS: token.LEQ},
	"CONDITIONALS_NEGATION": {token.EQL: token.NEQ, token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR, token.LSS: token.GEQ, token.NEQ: token.EQL},
	"INCREMENT_DECREMENT":   {token.DEC: token.INC, token.INC: token.DEC},
	"INVERT_ASSIGNMENTS":    {token.ADD_ASSIGN: token.SUB_ASSIGN, token.MUL_ASSIGN: token.QUO_ASSIGN, token.QUO_ASSIGN: token.MUL_ASSIGN, token.REM_ASSIGN: token.REM_ASSIGN, token.SUB_ASSIGN: token.ADD_ASSIGN},
	"INVERT_BITWISE":        {token.AND: token.OR, token.OR: token.AND, token.XOR: token.AND, token.AND_NOT: token.AND, token.SHL: token.SHR, token.SHR: token.SHL},
	"INVERT_BWASSIGN":       {token.AND_ASSIGN: token.OR_ASSIGN, token.OR_ASSIGN: token.AND_ASSIGN, token.XOR_ASSIGN: token.AND_ASSIGN, token.AND_NOT_ASSIGN: token.AND_ASSIGN, token.SHL_ASSIGN: token.SHR_ASSIGN, token.SHR_ASSIGN: token.SHL_ASSIGN},
	"INVERT_LOGICAL":        {token.LAND: token.LOR, token.LOR: token.LAND},
	"INVERT_LOOPCTRL":       {token.BREAK: token.CONTINUE, token.CONTINUE: token.BREAK},
	"INVERT_NEGATIVES":      {token.SUB: token.ADD},
	"REMOVE_SELF_ASSIGNMENTS": {token.ADD_ASSIGN: token.ASSIGN, token.AND_ASSIGN: token.ASSIGN, token.AND_NOT_ASSIGN: token.ASSIGN,
		token.MUL_ASSIGN: token.ASSIGN, token.OR_ASSIGN: token.ASSIGN, token.QUO_ASSIGN: token.ASSIGN, token.REM_ASSIGN: token.ASSIGN,
		token.SHL_ASSIGN: token.ASSIGN, token.SHR_ASSIGN: token.ASSIGN, token.SUB_ASSIGN: token.ASSIGN, token.XOR_ASSIGN: token.ASSIGN},
}

// gremlinsMutant is one of gremlins' mutants, reproduced: the file, the
// token it swapped and the source with the swap.
type gremlinsMutant struct {
	file   *File
	mtype  string
	status string
	line   int
	column int
	start  int
	end    int
	repl   string
	src    []byte
}

// reproduce finds the token gremlins mutated at line:column and applies
// its mutator's swap.
func reproduce(f *File, mtype string, line, column int) (*gremlinsMutant, error) {
	table, ok := gremlinsTokens[mtype]
	if !ok {
		return nil, fmt.Errorf("unknown gremlins mutator %s", mtype)
	}
	fset := token.NewFileSet()
	tf := fset.AddFile(f.Path, -1, len(f.Src))
	var s scanner.Scanner
	s.Init(tf, f.Src, nil, 0)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			return nil, fmt.Errorf("%s:%d:%d: no token gremlins' %s mutates", f.Rel, line, column, mtype)
		}
		p := fset.Position(pos)
		if p.Line != line || p.Column != column {
			continue
		}
		to, ok := table[tok]
		if !ok {
			return nil, fmt.Errorf("%s:%d:%d: %s does not mutate %s", f.Rel, line, column, mtype, tok)
		}
		text := tok.String()
		if lit != "" {
			text = lit
		}
		off := tf.Offset(pos)
		m := &gremlinsMutant{file: f, mtype: mtype, line: line, column: column, start: off, end: off + len(text), repl: to.String()}
		m.src = append(append(append([]byte(nil), f.Src[:off]...), to.String()...), f.Src[off+len(text):]...)
		return m, nil
	}
}

// inTaglessCase reports whether the offset is inside the expressions of a
// case of a switch with no tag, where gremlins' coverage reads "not
// covered" for code that runs (a case's expressions have no statement of
// their own in the coverage profile).
func inTaglessCase(f *File, off int) bool {
	found := false
	ast.Inspect(f.AST, func(n ast.Node) bool {
		sw, ok := n.(*ast.SwitchStmt)
		if !ok || sw.Tag != nil {
			return !found
		}
		for _, st := range sw.Body.List {
			for _, e := range st.(*ast.CaseClause).List {
				if f.offset(e.Pos()) <= off && off < f.offset(e.End()) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// GremlinsOptions configure the correction of a gremlins run.
type GremlinsOptions struct {
	Work  string
	Limit time.Duration // the longer limit time-outs are re-run with
	Log   func(format string, args ...any)
}

// CorrectGremlins reads gremlins' JSON and corrects it as the issue
// measured it needs: a KILLED that does not type-check is CompileError
// (gremlins counts go test's exit 1 of a build failure as a kill); a TIMED
// OUT is re-run with the package's tests under a longer limit (gremlins'
// limit is a coefficient of a cached run, with no floor); a NOT COVERED is
// re-run too (inside tagless switch cases its coverage is wrong). It
// returns the mutants as report entries, gremlins' own counts and the list
// of corrections made.
func (p *Plan) CorrectGremlins(out *GremlinsOutput, o GremlinsOptions) ([]*MutantResult, map[string]int, []string, error) {
	if o.Limit == 0 {
		o.Limit = 10 * time.Minute
	}
	files := map[string]*File{}
	for _, pkg := range p.Mod.Targets {
		for _, f := range pkg.Files {
			files[f.Rel] = f
		}
	}
	raw := map[string]int{}
	fixed := map[string]int{}
	var results []*MutantResult
	for _, gf := range out.Files {
		rel := filepath.ToSlash(gf.Filename)
		rel = strings.TrimPrefix(rel, out.GoModule+"/")
		f := files[rel]
		for _, gm := range gf.Mutations {
			raw[gm.Status]++
			if gm.Status == "SKIPPED" {
				continue // off the refusal lines (--diff): not part of the sweep
			}
			if f == nil {
				return nil, nil, nil, fmt.Errorf("gremlins mutated %s, which is not a file of a target", gf.Filename)
			}
			m, err := reproduce(f, gm.Type, gm.Line, gm.Column)
			if err != nil {
				return nil, nil, nil, err
			}
			m.status = gm.Status
			status, reason := p.correct(m, o, fixed)
			results = append(results, &MutantResult{
				ID:          fmt.Sprintf("gremlins:%s:%d:%d:%s", rel, gm.Line, gm.Column, gm.Type),
				MutatorName: "gremlins/" + gm.Type, Replacement: m.repl,
				Description: fmt.Sprintf("%s becomes %s (gremlins said %s)", string(f.Src[m.start:m.end]), m.repl, gm.Status),
				Location:    Location{Start: position(f.Src, m.start), End: position(f.Src, m.end)},
				Status:      status, StatusReason: reason, Sweep: SweepGremlins, Site: rel + ":" + fmt.Sprint(gm.Line),
				Kind: p.kindAtLine(f, gm.Line), Diff: lineDiff(f, m),
			})
		}
	}
	var notes []string
	for _, k := range slices.Sorted(maps.Keys(fixed)) {
		notes = append(notes, fmt.Sprintf("%s: %d", k, fixed[k]))
	}
	return results, raw, notes, nil
}

func (p *Plan) correct(m *gremlinsMutant, o GremlinsOptions, fixed map[string]int) (string, string) {
	pkg := p.pkgOf(m.file)
	switch m.status {
	case "KILLED":
		if err := p.Mod.Typecheck(pkg, map[string][]byte{m.file.Path: m.src}); err != nil {
			fixed["KILLED that does not compile, now CompileError"]++
			return CompileError, err.Error()
		}
		return Killed, "gremlins: a test failed"
	case "LIVED":
		return Survived, "gremlins: every test passed"
	case "NOT VIABLE":
		return CompileError, "gremlins: not viable"
	case "TIMED OUT", "NOT COVERED":
		if err := p.Mod.Typecheck(pkg, map[string][]byte{m.file.Path: m.src}); err != nil {
			fixed[m.status+" that does not compile, now CompileError"]++
			return CompileError, err.Error()
		}
		status, reason := rerunPackage(p.Mod.Root, o, pkg, m)
		what := m.status
		tagless := m.status == "NOT COVERED" && inTaglessCase(m.file, m.start)
		if tagless {
			what += " (in a tagless switch case)"
		}
		if o.Log != nil {
			o.Log("gremlins: %s:%d:%d %s %s -> %s", m.file.Rel, m.line, m.column, m.mtype, what, status)
		}
		if status == Survived && m.status == "NOT COVERED" && !tagless {
			// Outside a tagless case gremlins' coverage is right: no test
			// runs the line, and the tests pass.
			status, reason = NoCoverage, "gremlins: not covered; its package's tests pass with it too"
		}
		if status == Timeout && m.status == "TIMED OUT" {
			return Timeout, reason
		}
		fixed[what+", re-run: "+status]++
		return status, reason
	}
	return "Pending", "gremlins status " + m.status
}

func (p *Plan) pkgOf(f *File) *Package {
	for _, pkg := range p.Mod.Targets {
		for _, g := range pkg.Files {
			if g == f {
				return pkg
			}
		}
	}
	return nil
}

// rerunPackage runs the package's tests with the mutant in an overlay and
// the longer limit.
func rerunPackage(root string, o GremlinsOptions, pkg *Package, m *gremlinsMutant) (string, string) {
	ov, err := writeOverlay(filepath.Join(o.Work, "_gremlins"), map[string][]byte{m.file.Path: m.src})
	if err != nil {
		return "RuntimeError", err.Error()
	}
	defer os.RemoveAll(filepath.Dir(ov))
	ctx, cancel := context.WithTimeout(context.Background(), o.Limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "test", "-count=1", "-failfast", "-vet=off", "-overlay="+ov, "-timeout="+(o.Limit+time.Minute).String(), pkg.Path)
	cmd.Dir = root
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	switch {
	case ctx.Err() != nil:
		return Timeout, fmt.Sprintf("still running after %s", o.Limit)
	case err != nil:
		return Killed, firstLines(out.Bytes(), 6)
	}
	return Survived, "the package's tests pass"
}

func (p *Plan) kindAtLine(f *File, line int) string {
	for _, s := range p.Sites {
		if s.File == f && s.Line == line {
			return s.Kind
		}
	}
	return ""
}

func lineDiff(f *File, m *gremlinsMutant) string {
	start, end := lineStart(f.Src, m.start), lineEnd(f.Src, m.end)
	mutEnd := end + len(m.src) - len(f.Src)
	return fmt.Sprintf("@@ %s:%d @@\n-%s\n+%s\n", f.Rel, m.line, f.Src[start:end], m.src[start:mutEnd])
}

// RefusalLines are the lines of every site and of the condition that leads
// to it, per file: the lines gremlins is pointed at with --diff.
func (p *Plan) RefusalLines() map[string][]int {
	out := map[string][]int{}
	seen := map[string]bool{}
	add := func(f *File, from, to token.Pos) {
		for l := lineOf(f.Src, f.offset(from)); l <= lineOf(f.Src, f.offset(to)); l++ {
			k := fmt.Sprint(f.Rel, ":", l)
			if !seen[k] {
				seen[k] = true
				out[f.Rel] = append(out[f.Rel], l)
			}
		}
	}
	for _, s := range p.Sites {
		add(s.File, s.Stmt.Pos(), s.Stmt.End())
		if g := s.guard; g != nil {
			for _, c := range g.conds() {
				add(s.File, c.Pos(), c.End())
			}
		}
	}
	for _, ls := range out {
		sort.Ints(ls)
	}
	return out
}

// ReadGremlins reads gremlins' --output file.
func ReadGremlins(path string) (*GremlinsOutput, error) {
	var out GremlinsOutput
	if err := ReadJSON(path, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// GremlinsReport is the report of a corrected gremlins sweep; Merge joins
// it to the refusal-site sweep's.
func (p *Plan) GremlinsReport(ms []*MutantResult, raw map[string]int, notes []string, wall, correcting time.Duration) *Report {
	r := newReport()
	r.Framework = &Framework{Name: "gremlins, corrected by canonfuzz mutation", Version: "0.6.0"}
	rawAny := map[string]any{}
	for k, v := range raw {
		rawAny[k] = v
	}
	var notesAny []any
	for _, n := range notes {
		notesAny = append(notesAny, n)
	}
	r.Config["gremlins"] = map[string]any{"raw": rawAny, "corrections": notesAny,
		"wallSeconds": int(wall.Seconds()), "correctionSeconds": int(correcting.Seconds())}
	files := map[string]*File{}
	for _, pkg := range p.Mod.Targets {
		for _, f := range pkg.Files {
			files[f.Rel] = f
		}
	}
	for _, m := range ms {
		rel := m.Site[:strings.LastIndex(m.Site, ":")]
		f := r.file(rel, files[rel].Src)
		f.Mutants = append(f.Mutants, m)
	}
	r.sort()
	return r
}
