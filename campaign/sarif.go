package campaign

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/internal/sarif"
)

// SARIFFile is the campaign's SARIF log, beside campaign.json.
const SARIFFile = "campaign.sarif"

// SARIF is the campaign as a SARIF 2.1.0 log for code scanning: a result
// for every new failure (a signature no vector had before; a known one is
// already in findings/) and every target that hung or crashed, as
// NewFailures counts them. The rule of a result is the property its
// target checks (fuzz/spec's registry; the target's name for a target
// the registry does not know), its location the declaration of the fuzz
// target in its package (and the function, package.FuzzX, as a logical
// location), root the module root; the minimized vector under
// findings/, the document it reduced to and the failing input kept under
// Out are its related locations.
func (r *Report) SARIF(root string, targets []Job) sarif.Log {
	dirs := map[string]string{}
	for _, t := range targets {
		dirs[t.Name] = t.Dir
	}
	log := sarif.Log{Tool: "canonfuzz campaign", Root: root}
	declared := map[string]bool{}
	for _, res := range r.Results {
		rule := ruleOf(res.Target)
		if !declared[rule.ID] {
			declared[rule.ID] = true
			log.Rules = append(log.Rules, rule)
		}
		at := declaration(root, dirs[res.Target], res.Target)
		at.Function = res.Package + "." + res.Target
		props := map[string]any{"target": res.Target, "package": res.Package, "engine": res.Engine, "status": res.Status}
		switch res.Status {
		case StatusHung, StatusCrashed:
			log.Results = append(log.Results, sarif.Result{Rule: rule.ID, Level: sarif.Error,
				Message:   fmt.Sprintf("%s (%s) %s under the %s engine without a failing input: %s", res.Target, res.Package, res.Status, res.Engine, firstLine(res.Detail)),
				Locations: []sarif.Location{at}, Related: nonEmpty(sarif.Location{Path: res.Log, Message: "the engine's log"}),
				Properties: props})
		case StatusFailed:
			for _, f := range res.Failures {
				if !f.New {
					continue
				}
				log.Results = append(log.Results, failureResult(rule.ID, res, f, at, props))
			}
		}
	}
	return log
}

func failureResult(rule string, res Result, f Failure, at sarif.Location, props map[string]any) sarif.Result {
	msg := fmt.Sprintf("%s (%s) fails, found by the %s after %.1f s", res.Target, res.Package, f.By, f.Seconds)
	out := sarif.Result{Rule: rule, Level: sarif.Error, Locations: []sarif.Location{at}, Properties: map[string]any{}}
	for k, v := range props {
		out.Properties[k] = v
	}
	if f.Vector != nil {
		msg += fmt.Sprintf(": signature %s, minimized to %d bytes in %s", f.Vector.Signature, f.Vector.Bytes, f.Vector.Path)
		out.Fingerprint = f.Vector.Signature
		out.Properties["signature"] = f.Vector.Signature
		out.Related = append(out.Related, sarif.Location{Path: f.Vector.Path, Message: "the minimized vector"})
		if f.Vector.Document != "" {
			out.Related = append(out.Related, sarif.Location{Path: f.Vector.Document, Message: "the vector of the document the minimized bytes make"})
		}
	} else if f.Error != "" {
		msg += "; not minimized: " + firstLine(f.Error)
	}
	if f.Copy != "" {
		out.Related = append(out.Related, sarif.Location{Path: f.Copy, Message: "the failing input as the engine wrote it"})
	}
	if f.Message != "" {
		msg += ". " + firstLine(f.Message)
	}
	out.Message = msg
	return out
}

// ruleOf is the rule of a fuzz target: the property it checks.
func ruleOf(target string) sarif.Rule {
	if t, ok := spec.Lookup(target); ok {
		return sarif.Rule{ID: t.Property, Description: t.Checks,
			Help: fmt.Sprintf("Checked by `%s` in `%s/%s`; the table of fuzz/README.md lists its oracles.", t.Name, t.Dir, t.File)}
	}
	return sarif.Rule{ID: target, Description: "the property of the fuzz target " + target}
}

// declaration is the line of dir's Go file that declares func name, or
// the folder itself when none does (a target of another module).
func declaration(root, dir, name string) sarif.Location {
	if dir == "" {
		return sarif.Location{Path: root}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	decl := regexp.MustCompile(`^func ` + regexp.QuoteMeta(name) + `\(`)
	for _, path := range files {
		if line := lineOf(path, decl); line > 0 {
			return sarif.Location{Path: path, Line: line}
		}
	}
	return sarif.Location{Path: dir}
}

func lineOf(path string, re *regexp.Regexp) int {
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		if re.Match(sc.Bytes()) {
			return n
		}
	}
	return 0
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

func nonEmpty(locs ...sarif.Location) []sarif.Location {
	var out []sarif.Location
	for _, l := range locs {
		if l.Path != "" {
			out = append(out, l)
		}
	}
	return out
}
