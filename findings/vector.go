package findings

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/vecfile"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// Status says what replaying a vector must show.
type Status string

const (
	// Fixed: the bug is fixed; the payload must no longer have its
	// signature.
	Fixed Status = "fixed"
	// Incumbent: what an outside library does; the payload must keep its
	// signature, and the vector goes red the day that library changes.
	Incumbent Status = "incumbent"
	// Spec: our safe reading of a specification corner; the payload must
	// keep its (outcome) signature.
	Spec Status = "spec"
	// Open: a failure not fixed yet. Replaying it fails unless the vector
	// says expected: true.
	Open Status = "open"
)

// Statuses lists every status.
var Statuses = []Status{Fixed, Incumbent, Spec, Open}

// Mode says which signer of the target made the signature.
type Mode string

const (
	Outcome Mode = "outcome" // the target's verdict
	Failure Mode = "failure" // a panic or a property failure
)

// Form says what a fuzz target's vector holds.
type Form string

const (
	// Arguments: the fuzz target's arguments, as its property takes them
	// (the default, and the header is left out).
	Arguments Form = ""
	// Document: the document the target's generator made of them (a JSON
	// value, a tools/call request, a message), minimized on its own.
	Document Form = "document"
)

// DateLayout is the layout of the found header.
const DateLayout = "2006-01-02"

// Vector is one finding.
type Vector struct {
	Target       string
	FuzzTarget   string // the fuzz target whose property signed it; "" for a short name's signer
	Form         Form
	Mode         Mode
	Signature    minimize.Signature
	Status       Status
	Found        string // DateLayout
	Source       string
	SourceSHA256 string
	SizeBefore   int
	SizeAfter    int
	Count        int
	Expected     bool
	Comment      string
	Payload      []byte
}

// ErrFormat is matched by every *FormatError.
var ErrFormat = vecfile.ErrFormat

// FormatError is a vector file that does not follow the format, the
// format's own error (internal/vecfile) whether the header's lines or the
// values of this package's keys are at fault.
type FormatError = vecfile.FormatError

// required are the keys every vector has.
var required = []string{"target", "mode", "signature", "status", "found", "source", "source-sha256", "size-before", "size-after", "count"}

// Parse reads one vector.
func Parse(data []byte) (Vector, error) {
	var v Vector
	f, err := vecfile.Parse(data)
	if err != nil {
		return v, err
	}
	v.Payload = f.Payload
	seen := map[string]bool{}
	for _, h := range f.Header {
		seen[h.Key] = true
		if err := v.set(h.Key, h.Value); err != nil {
			return v, &FormatError{Line: h.Line, Reason: err.Error()}
		}
	}
	for _, key := range required {
		if !seen[key] {
			return v, &FormatError{Reason: fmt.Sprintf("key %q missing", key)}
		}
	}
	if err := v.check(); err != nil {
		return v, &FormatError{Reason: err.Error()}
	}
	return v, nil
}

// set reads one header value.
func (v *Vector) set(key, value string) error {
	var err error
	switch key {
	case "target":
		v.Target = value
	case "fuzz-target":
		v.FuzzTarget = value
		if !strings.HasPrefix(value, "Fuzz") {
			err = fmt.Errorf("fuzz-target %q does not name a fuzz target", value)
		}
	case "form":
		v.Form = Form(value)
		if v.Form != Document {
			err = fmt.Errorf("form %q: the only value is %s", value, Document)
		}
	case "mode":
		v.Mode = Mode(value)
		if v.Mode != Outcome && v.Mode != Failure {
			err = fmt.Errorf("mode %q is neither outcome nor failure", value)
		}
	case "signature":
		v.Signature = minimize.Signature(value)
	case "status":
		v.Status = Status(value)
		if !knownStatus(v.Status) {
			err = fmt.Errorf("status %q is not one of %v", value, Statuses)
		}
	case "found":
		v.Found = value
		_, err = time.Parse(DateLayout, value)
	case "source":
		v.Source = value
	case "source-sha256":
		v.SourceSHA256 = value
		if b, herr := hex.DecodeString(value); herr != nil || len(b) != 32 || strings.ToLower(value) != value {
			err = fmt.Errorf("source-sha256 %q is not 64 lowercase hex digits", value)
		}
	case "size-before":
		v.SizeBefore, err = count(value, 0)
	case "size-after":
		v.SizeAfter, err = count(value, 0)
	case "count":
		v.Count, err = count(value, 1)
	case "expected":
		if value != "true" {
			err = fmt.Errorf("expected %q: the only value is true", value)
		}
		v.Expected = true
	case "comment":
		v.Comment = value
	default:
		err = fmt.Errorf("unknown key %q", key)
	}
	return err
}

func knownStatus(s Status) bool {
	for _, k := range Statuses {
		if s == k {
			return true
		}
	}
	return false
}

// count reads a decimal integer of at least lo.
func count(value string, lo int) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil || n < lo || strconv.Itoa(n) != value {
		return 0, fmt.Errorf("%q is not an integer of at least %d", value, lo)
	}
	return n, nil
}

// check holds the rules between fields.
func (v *Vector) check() error {
	switch {
	case v.Target == "" || v.Signature == minimize.Pass || v.Source == "":
		return errors.New("target, signature and source must not be empty")
	case v.SizeAfter != len(v.Payload):
		return fmt.Errorf("size-after is %d, the payload %d bytes", v.SizeAfter, len(v.Payload))
	case v.Expected && v.Status != Open:
		return fmt.Errorf("expected: true on a %s vector; it is for open ones", v.Status)
	case v.Form == Document && (v.FuzzTarget == "" || v.Mode != Failure):
		return errors.New("a document vector is a failure of a fuzz target: it needs fuzz-target and mode failure")
	}
	for _, s := range []string{v.Target, v.FuzzTarget, string(v.Signature), v.Source, v.Comment} {
		if strings.ContainsAny(s, "\n\r") {
			return errors.New("a header value holds a line break")
		}
	}
	return nil
}

// Marshal writes the vector in the format Parse reads. It returns an error
// for a vector Parse would refuse.
func (v Vector) Marshal() ([]byte, error) {
	if err := v.check(); err != nil {
		return nil, &FormatError{Reason: err.Error()}
	}
	var b bytes.Buffer
	line := func(key, value string) { fmt.Fprintf(&b, "%s: %s\n", key, value) }
	line("target", v.Target)
	if v.FuzzTarget != "" {
		line("fuzz-target", v.FuzzTarget)
	}
	if v.Form != Arguments {
		line("form", string(v.Form))
	}
	line("mode", string(v.Mode))
	line("signature", string(v.Signature))
	line("status", string(v.Status))
	line("found", v.Found)
	line("source", v.Source)
	line("source-sha256", v.SourceSHA256)
	line("size-before", strconv.Itoa(v.SizeBefore))
	line("size-after", strconv.Itoa(v.SizeAfter))
	line("count", strconv.Itoa(v.Count))
	if v.Expected {
		line("expected", "true")
	}
	if v.Comment != "" {
		line("comment", v.Comment)
	}
	b.WriteByte('\n')
	b.Write(v.Payload)
	out := b.Bytes()
	if _, err := Parse(out); err != nil {
		return nil, err
	}
	return out, nil
}
