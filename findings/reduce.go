package findings

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/signer"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// Request says how to turn one failing input into a vector: what
// `canonfuzz minimize` and the campaign runner ask of Reduce.
type Request struct {
	Target   string         // a short name or a fuzz target name (signer.For)
	Signer   *signer.Replay // when set, replaces Target: a fuzz target bound to another implementation (signer.ForBinding)
	Outcome  bool           // keep the target's verdict rather than a failure
	Status   Status         // of a new vector; "" means Spec with Outcome, else Open
	Comment  string         // of a new vector
	Found    string         // DateLayout; "" means today (UTC)
	Time     time.Duration  // bounds the minimizer; 0 means no bound
	Out      string         // the findings folder
	Progress io.Writer      // the minimizer's progress lines, if not nil
}

// Report is what Reduce did with one input.
type Report struct {
	Path   string // the vector written
	Repeat bool   // the signature had a vector already; its count grew
	Format string // the input's format (minimize.ReadInput)
	Result minimize.ValuesResult
	// Document is the vector of the document the fuzz target's generator
	// made of the minimized arguments, itself minimized with its
	// signature kept; nil for a target without one, or when the document
	// alone does not have the signature (DocumentSkipped says why).
	Document        *DocumentReport
	DocumentSkipped string
}

// DocumentReport is the document vector Reduce wrote beside the
// arguments' vector.
type DocumentReport struct {
	Path   string
	Repeat bool
	Result minimize.Result
}

// ErrSignatureLost is returned when the reduced input, replayed once more,
// does not have the signature the minimizer kept: the target is not a pure
// function of its input.
var ErrSignatureLost = errors.New("findings: the reduced input lost its signature")

// Reduce reads the input at path (any format minimize.ReadValues knows)
// and reduces it as ReduceInput does, the vector naming path as its
// source.
func Reduce(ctx context.Context, path string, req Request) (Report, error) {
	if req.Signer == nil {
		if _, err := signer.For(req.Target, req.Outcome); err != nil {
			return Report{}, err
		}
	}
	read, format, err := minimize.ReadValues(path)
	if err != nil {
		return Report{}, err
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return Report{}, err
	}
	return ReduceInput(ctx, Input{Values: read, Format: format, Source: filepath.ToSlash(filepath.Clean(path)), Raw: raw}, req)
}

// Input is one failing input as a caller holds it, without a file to read
// again: the campaign runner hands each failure's bytes this way, whatever
// the engine that found it (a native Go failure file, a seed added in code,
// a go-fuzz crasher, a libFuzzer crash file).
type Input struct {
	Values []any  // the arguments as minimize.ReadValues reads them: a native file's values, or one byte string
	Format string // minimize.FormatGoTestFuzz, FormatGoFuzz, FormatLibFuzzer, FormatPlain, or FormatSeed
	Source string // where it came from, as the vector records it
	Raw    []byte // the bytes the vector's source_sha256 is of
}

// FormatSeed is the format of a seed the campaign found failing during the
// engine's replay of the seed corpus: values the catalogue holds, added in
// code with f.Add, never written to a file by the engine.
const FormatSeed = "seed"

// ReduceInput minimizes a failing input under the request's target
// (signer.For, or req.Signer), argument by argument, and records the
// result under req.Out; for a fuzz target whose generator makes a
// document, it minimizes and records that document too, so that the
// vector a person reads is the JSON, not the generator's bytes. It returns
// minimize.ErrNoFailure when the input does not fail, ErrSignatureLost as
// above, a *signer.TargetError for a target that cannot be replayed, and
// I/O errors as they are.
func ReduceInput(ctx context.Context, in Input, req Request) (Report, error) {
	t := req.Signer
	if t == nil {
		var err error
		if t, err = signer.For(req.Target, req.Outcome); err != nil {
			return Report{}, err
		}
	}
	values, err := t.Values(in.Values)
	if err != nil {
		return Report{}, err
	}
	format, raw, path := in.Format, in.Raw, in.Source
	rep := Report{Format: format}
	opts := minimize.Options{Time: req.Time, Progress: req.Progress}
	rep.Result, err = minimize.MinimizeValues(ctx, values, t, opts)
	if err != nil {
		return rep, err
	}
	if again := minimize.SignValues(t, rep.Result.Values); again != rep.Result.Signature {
		return rep, fmt.Errorf("%w: %s, then %s", ErrSignatureLost, rep.Result.Signature, again)
	}
	payload, err := t.Payload(rep.Result.Values)
	if err != nil {
		return rep, err
	}
	sum := sha256.Sum256(raw)
	v := Vector{
		Target:       t.Short,
		Mode:         Failure,
		Signature:    rep.Result.Signature,
		Status:       req.Status,
		Found:        req.Found,
		Source:       path,
		SourceSHA256: hex.EncodeToString(sum[:]),
		SizeBefore:   rep.Result.Stats.SizeBefore,
		SizeAfter:    len(payload),
		Count:        1,
		Comment:      req.Comment,
		Payload:      payload,
	}
	if t.Fuzz != nil {
		v.FuzzTarget = t.Name
	}
	if req.Outcome {
		v.Mode = Outcome
	}
	if v.Status == "" {
		v.Status = Open
		if req.Outcome {
			v.Status = Spec
		}
	}
	if v.Found == "" {
		v.Found = time.Now().UTC().Format(DateLayout)
	}
	if rep.Path, rep.Repeat, err = Record(req.Out, v); err != nil || req.Outcome || !t.HasDocument() {
		return rep, err
	}
	doc := t.Document(rep.Result.Values)
	ds := t.DocumentSigner()
	if got := minimize.Sign(ds, doc); got != rep.Result.Signature {
		rep.DocumentSkipped = fmt.Sprintf("the document alone signs %q, not %q", got, rep.Result.Signature)
		return rep, nil
	}
	dres, err := minimize.Minimize(ctx, doc, ds, opts)
	if err != nil {
		return rep, err
	}
	dv := v
	dv.Form, dv.Payload, dv.SizeBefore, dv.SizeAfter = Document, dres.Input, len(doc), len(dres.Input)
	d := &DocumentReport{Result: dres}
	if d.Path, d.Repeat, err = Record(req.Out, dv); err != nil {
		return rep, err
	}
	rep.Document = d
	return rep, nil
}
