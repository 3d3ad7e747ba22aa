package sarif

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	gosarif "github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
)

// InformationURI is where the tool's documentation lives (SARIF 2.1.0
// section 3.19.17, toolComponent.informationUri).
const InformationURI = "https://github.com/canonfuzz/canonfuzz"

// The levels of a result (SARIF 2.1.0 section 3.27.10).
const (
	Error   = "error"
	Warning = "warning"
	Note    = "note"
)

// Log is one run of one canonfuzz tool.
type Log struct {
	Tool    string // the driver's name: "canonfuzz campaign"
	Version string // the driver's version, "" when unknown
	// Root is the repository root the locations' paths are written
	// relative to (URI); "" is the current directory.
	Root    string
	Rules   []Rule
	Results []Result
}

// Rule is a reportingDescriptor (section 3.49): what a result breaks.
type Rule struct {
	ID          string
	Description string // one line
	Help        string // markdown, "" for none
}

// Result is one finding (section 3.27).
type Result struct {
	Rule    string // a Rule's ID
	Level   string // Error, Warning or Note
	Message string
	// Locations are where it is; the first is the one code scanning shows.
	Locations []Location
	// Related are the files that go with it: the minimized vector, the
	// failing input (section 3.27.22, relatedLocations); each is also
	// listed among the run's artifacts.
	Related []Location
	// Fingerprint, when set, tells this result apart from every other of
	// its rule across runs (section 3.27.17, partialFingerprints): the
	// failure's signature, the mutant's ID.
	Fingerprint string
	Properties  map[string]any
}

// Location is a file, or a line of it.
type Location struct {
	Path    string // relative to Log.Root, or absolute
	Line    int    // 1-based; 0 for the whole file
	Message string // what the file is, for a related location
	// Function, when set, is the fully qualified name of the function
	// there (SARIF 2.1.0 section 3.33, a logical location of kind
	// "function"): the package's import path, a dot, the name.
	Function string
}

// fingerprintKey names the partial fingerprint of Result.Fingerprint.
const fingerprintKey = "canonfuzz/v1"

// Marshal builds the SARIF log of l, indented.
func Marshal(l Log) ([]byte, error) {
	if err := l.check(); err != nil {
		return nil, err
	}
	run := gosarif.NewRunWithInformationURI(l.Tool, InformationURI)
	if l.Version != "" {
		run.Tool.Driver.WithVersion(l.Version)
	}
	for _, r := range l.Rules {
		rule := run.AddRule(r.ID).WithName(r.ID).WithShortDescription(gosarif.NewMultiformatMessageString().WithText(r.Description))
		if r.Help != "" {
			rule.WithMarkdownHelp(r.Help)
		}
	}
	for _, r := range l.Results {
		res := run.CreateResultForRule(r.Rule).WithLevel(r.Level).WithMessage(gosarif.NewTextMessage(r.Message))
		for _, loc := range r.Locations {
			res.AddLocation(location(l.Root, loc))
		}
		for i, loc := range r.Related {
			rel := location(l.Root, loc)
			rel.WithID(i + 1)
			res.AddRelatedLocation(rel)
			run.AddDistinctArtifact(URI(l.Root, loc.Path))
		}
		if r.Fingerprint != "" {
			res.WithPartialFingerprints(map[string]string{fingerprintKey: r.Fingerprint})
		}
		if len(r.Properties) > 0 {
			bag := gosarif.NewPropertyBag()
			for _, k := range sortedKeys(r.Properties) {
				bag.Add(k, r.Properties[k])
			}
			res.WithProperties(bag)
		}
	}
	report := gosarif.NewReport()
	report.Schema = Schema
	report.AddRun(run)
	var b bytes.Buffer
	if err := report.PrettyWrite(&b); err != nil {
		return nil, fmt.Errorf("sarif: %w", err)
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// Schema is the $schema a log names: the OASIS schema of SARIF 2.1.0,
// Errata 01.
const Schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// Write writes the SARIF log of l to path.
func Write(path string, l Log) error {
	data, err := Marshal(l)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("sarif: %w", err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("sarif: %w", err)
	}
	return nil
}

func location(root string, l Location) *gosarif.Location {
	phys := gosarif.NewPhysicalLocation().WithArtifactLocation(gosarif.NewSimpleArtifactLocation(URI(root, l.Path)))
	if l.Line > 0 {
		phys.WithRegion(gosarif.NewRegion().WithStartLine(l.Line))
	}
	loc := gosarif.NewLocationWithPhysicalLocation(phys)
	if l.Function != "" {
		name := l.Function[strings.LastIndexByte(l.Function, '.')+1:]
		loc.AddLogicalLocation(gosarif.NewLogicalLocation().WithKind("function").WithName(name).WithFullyQualifiedName(l.Function))
	}
	if l.Message != "" {
		loc.WithMessage(gosarif.NewTextMessage(l.Message))
	}
	return loc
}

// check refuses a log code scanning would drop or misread: a result
// without a declared rule, a known level, a message or a location, a
// location without a path or with a negative line, two rules of one ID.
func (l Log) check() error {
	if l.Tool == "" {
		return errors.New("sarif: the log names no tool")
	}
	rules := map[string]bool{}
	for _, r := range l.Rules {
		if r.ID == "" {
			return errors.New("sarif: a rule without an ID")
		}
		if rules[r.ID] {
			return fmt.Errorf("sarif: two rules %q", r.ID)
		}
		rules[r.ID] = true
	}
	var errs []error
	for i, r := range l.Results {
		if !rules[r.Rule] {
			errs = append(errs, fmt.Errorf("sarif: result %d: rule %q is not declared", i, r.Rule))
		}
		if !slices.Contains([]string{Error, Warning, Note}, r.Level) {
			errs = append(errs, fmt.Errorf("sarif: result %d: level %q (error, warning, note)", i, r.Level))
		}
		if r.Message == "" {
			errs = append(errs, fmt.Errorf("sarif: result %d has no message", i))
		}
		if len(r.Locations) == 0 {
			errs = append(errs, fmt.Errorf("sarif: result %d has no location", i))
		}
		for _, loc := range append(slices.Clone(r.Locations), r.Related...) {
			if loc.Path == "" || loc.Line < 0 {
				errs = append(errs, fmt.Errorf("sarif: result %d: location %q line %d", i, loc.Path, loc.Line))
			}
		}
	}
	return errors.Join(errs...)
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
