package matrix

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// The conformance suite is the study's labelled corpus written out as
// files, in JSONTestSuite's convention, so that any RFC 8785
// implementation can be held to it without canonfuzz:
//
//	y_NAME.json  must be canonicalized, to exactly the bytes of y_NAME.expected
//	n_NAME.json  must be refused
//	i_NAME.json  implementation-defined: it may be refused; if it is not,
//	             the output must be the bytes of i_NAME.expected where
//	             there is one
//
// Each case carries the clause of RFC 8785 (or of RFC 7493, I-JSON, which
// RFC 8785 section 3.1 requires of its input, or of RFC 8259) that decides
// it. The labels come from canonfuzz/jcs under both of its profiles, which
// the corpus's own tests hold to those clauses.

// Labels of a conformance case.
const (
	LabelYes   = "y"
	LabelNo    = "n"
	LabelImpl  = "i"
	CasesDir   = "cases"
	CaseInput  = ".json"
	CaseOutput = ".expected"
)

// Case is one file of the conformance suite.
type Case struct {
	Name     string `json:"name"` // the file name without extension: y_numbers_limit_000
	Label    string `json:"label"`
	Input    string `json:"id"` // the study's input ID: numbers/limit/000
	Category string `json:"category"`
	Clause   string `json:"clause"`
	// Expected says whether NAME.expected exists; Bytes and Want are the
	// input and the expected output.
	Expected bool   `json:"expected"`
	Bytes    []byte `json:"-"`
	Want     []byte `json:"-"`
}

// The clauses a case is decided by.
var (
	clauseByCategory = map[string]string{
		CatNumbers:       "RFC 8785 section 3.2.2.3 (numbers as ECMAScript writes the IEEE 754 double)",
		CatNegativeZero:  "RFC 8785 section 3.2.2.3 (-0 is written 0)",
		CatKeyOrder:      "RFC 8785 section 3.2.3 (members sorted by their names as arrays of UTF-16 code units)",
		CatEscaping:      "RFC 8785 section 3.2.2.2 (strings: the short escapes, \\u00XX for the other controls, every other character as itself)",
		CatNormalization: "RFC 8785 section 3.2.2.2 and section 3.2.3 (strings and names kept as written: no Unicode normalization)",
		CatDuplicates:    "RFC 8785 section 3.2.3 (distinct names, sorted)",
		CatNoncharacters: "RFC 8785 section 3.2.2.2 (written as themselves)",
		CatBigIntegers:   "RFC 8785 section 3.2.2.3 (an integer is a double, written as ECMAScript writes it)",
		CatTopLevel:      "RFC 8785 section 3.2 (any JSON value)",
		CatDeepNesting:   "RFC 8785 section 3.2 (nesting kept)",
		CatStructural:    "RFC 8785 section 3.2.1 (no whitespace)",
	}
	clauseByKind = map[admit.Kind]string{
		admit.Syntax:          "RFC 8259 section 2 (not JSON text)",
		admit.TrailingContent: "RFC 8259 section 2 (not JSON text: content after the value)",
		admit.DuplicateMember: "RFC 7493 section 2.3 (member names MUST be unique), required by RFC 8785 section 3.1",
		admit.StringNotScalar: "RFC 7493 section 2.1 (MUST be UTF-8 and MUST NOT hold surrogates), required by RFC 8785 section 3.1",
		admit.NumberNotFinite: "RFC 8785 section 3.2.2.3 (no IEEE 754 double: NaN and Infinity are errors), RFC 7493 section 2.2",
		admit.TooDeep:         "RFC 8259 section 9 (a parser may limit the depth of nesting: more than 64 levels may be refused)",
		admit.UnsafeInteger:   "RFC 7493 section 2.2 (an integer past 2^53 is not expected to be exact: may be refused; written, it is the double's, RFC 8785 section 3.2.2.3)",
		admit.Noncharacter:    "RFC 7493 section 2.1 (MUST NOT hold noncharacters: may be refused; written, RFC 8785 section 3.2.2.2)",
	}
	clauseTopLevel = "RFC 7493 section 4.1 (a top-level value SHOULD be an object or an array: may be refused; written, RFC 8785 section 3.2)"
	clauseBOM      = "RFC 8259 section 8.1 (a parser MAY ignore a byte order mark: may be refused; read, the value after it is canonicalized)"
	clauseControl  = "RFC 8259 section 7 (a control character in a string MUST be escaped)"
	utf8BOM        = []byte("\xef\xbb\xbf")
)

// canonicalizes reports whether canonfuzz/jcs canonicalizes b.
func canonicalizes(b []byte) bool {
	_, err := jcs.Canonicalize(b, admit.Options{})
	return err == nil
}

// ConformanceCases labels every input: y when canonfuzz/jcs canonicalizes
// it under I-JSON too, its top level is an object or an array and it nests
// at most MaxPortableDepth levels; i when it is a top-level scalar, or only
// the RFC 8785 profile admits it (an integer past 2^53, a noncharacter),
// or it nests deeper, or it is canonicalizable text after a byte order
// mark; n when it is refused for any other reason. Input IDs become file names with '/' as
// '_'; two inputs never share a name.
func ConformanceCases(inputs []Input) ([]Case, error) {
	var cases []Case
	seen := map[string]bool{}
	for _, in := range inputs {
		c := Case{Input: in.ID, Category: in.Category, Bytes: in.Bytes}
		want, err := jcs.Canonicalize(in.Bytes, admit.Options{})
		var ae *admit.Error
		switch {
		case err != nil && errors.As(err, &ae) && ae.Kind == admit.TooDeep:
			c.Label, c.Clause = LabelImpl, clauseByKind[admit.TooDeep]
		case err != nil && bytes.HasPrefix(in.Bytes, utf8BOM) && canonicalizes(in.Bytes[len(utf8BOM):]):
			c.Want, _ = jcs.Canonicalize(in.Bytes[len(utf8BOM):], admit.Options{})
			c.Expected, c.Label, c.Clause = true, LabelImpl, clauseBOM
		case err != nil && errors.As(err, &ae) && ae.Kind == admit.StringNotScalar && ae.Offset < int64(len(in.Bytes)) && in.Bytes[ae.Offset] < 0x20:
			c.Label, c.Clause = LabelNo, clauseControl
		case err != nil && errors.As(err, &ae) && clauseByKind[ae.Kind] != "":
			c.Label, c.Clause = LabelNo, clauseByKind[ae.Kind]
		case err != nil:
			return nil, fmt.Errorf("matrix: conformance: %s: canonfuzz/jcs refuses it with %v, which no clause names", in.ID, err)
		default:
			c.Want, c.Expected = want, true
			c.Label, c.Clause = LabelYes, clauseByCategory[in.Category]
			if c.Clause == "" {
				c.Clause = "RFC 8785 section 3.2"
			}
			// The most specific reason last: the value's own (I-JSON) over
			// its depth over where it stands.
			if top := firstNonSpace(want); top != '{' && top != '[' {
				c.Label, c.Clause = LabelImpl, clauseTopLevel
			}
			if depth(want) > MaxPortableDepth {
				c.Label, c.Clause = LabelImpl, clauseByKind[admit.TooDeep]
			}
			if _, ierr := jcs.Canonicalize(in.Bytes, admit.Options{Profile: admit.IJSON}); errors.As(ierr, &ae) && clauseByKind[ae.Kind] != "" {
				c.Label, c.Clause = LabelImpl, clauseByKind[ae.Kind]
			} else if ierr != nil {
				return nil, fmt.Errorf("matrix: conformance: %s: I-JSON refuses it with %v, which no clause names", in.ID, ierr)
			}
		}
		c.Name = c.Label + "_" + strings.ReplaceAll(in.ID, "/", "_")
		if seen[c.Name] {
			return nil, fmt.Errorf("matrix: conformance: two inputs are named %s", c.Name)
		}
		seen[c.Name] = true
		cases = append(cases, c)
	}
	return cases, nil
}

// MaxPortableDepth is the deepest nesting the suite holds every
// implementation to: RFC 8259 section 9 lets a parser set any limit, and
// the libraries of the study stop at 128 (serde_json, canonfuzz/jcs) and
// beyond; deeper inputs are i cases.
const MaxPortableDepth = 64

// depth is the deepest nesting of containers in b, counting brackets
// outside strings (b is canonical JSON text).
func depth(b []byte) int {
	d, deepest, inString, escaped := 0, 0, false, false
	for _, c := range b {
		switch {
		case inString && escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case inString:
		case c == '[' || c == '{':
			d++
			deepest = max(deepest, d)
		case c == ']' || c == '}':
			d--
		}
	}
	return deepest
}

func firstNonSpace(b []byte) byte {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\n' && c != '\r' {
			return c
		}
	}
	return 0
}

// WriteConformance writes the suite under dir: cases/NAME.json and
// cases/NAME.expected, manifest.json, and, from res, results.json,
// README.md (the format and the results table) and heatmap.svg. A file of
// cases/ that is not a case any more is removed.
func WriteConformance(dir string, cases []Case, res ConformanceResults) error {
	files, err := ConformanceFiles(cases, res)
	if err != nil {
		return err
	}
	old, _ := filepath.Glob(filepath.Join(dir, CasesDir, "*"))
	for _, p := range old {
		rel, _ := filepath.Rel(dir, p)
		if _, ok := files[filepath.ToSlash(rel)]; !ok {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	for name, data := range files {
		if err := writeFile(filepath.Join(dir, filepath.Dir(name)), filepath.Base(name), data); err != nil {
			return err
		}
	}
	return nil
}
