package matrix

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/minimize"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// The study's findings live in findings/study/TARGET/NAME.vec, in the
// vector format of package findings (status incumbent: what an outside
// implementation does, red the day it changes), with TARGET the short
// name of the implementation. They are replayed by matrix/study_replay_test.go
// through the implementations themselves (ReplayCanonicalizer) or, for a
// guard CI cannot install, through our own guard (ReplayGuard).

// ShortName is the findings target of an implementation name:
// "npm/@truestamp/canonify" is "npm-truestamp-canonify",
// "gowebpki/jcs@v1.0.1" is "gowebpki-jcs-v1-0-1".
func ShortName(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		} else {
			dash = true
		}
	}
	return b.String()
}

// CanonDeparture is how an implementation's outcome on input departs from
// canonfuzz/jcs (RFC 8785 profile), signed for findings:
//
//	SHORT:admits:KIND       it writes output where jcs refuses with KIND
//	SHORT:refuses           it refuses what jcs canonicalizes
//	SHORT:output-differs:order    both write the same bytes in another order
//	                              (the members sorted otherwise, RFC 8785 section 3.2.3)
//	SHORT:output-differs:content  both write, other bytes
//	SHORT:breakdown(KIND)   it crashed, hung, broke the protocol or panicked
//
// and minimize.Pass where it agrees.
func CanonDeparture(short string, o Outcome, input []byte) minimize.Signature {
	want, jerr := jcs.Canonicalize(input, admit.Options{})
	switch {
	case o.Class == oracle.Breakdown:
		return minimize.Signature(short + ":breakdown(" + o.Kind + ")")
	case o.Class == oracle.Output && jerr != nil:
		kind := "error"
		var ae *admit.Error
		if errors.As(jerr, &ae) {
			kind = string(ae.Kind)
		}
		return minimize.Signature(short + ":admits:" + kind)
	case o.Class == oracle.Refusal && jerr == nil:
		return minimize.Signature(short + ":refuses")
	case o.Class == oracle.Output && string(o.Output) != string(want):
		return minimize.Signature(short + ":output-differs:" + outputDifference(o.Output, want))
	}
	return minimize.Pass
}

// outputDifference says how got departs from want: "order" when it has
// the same bytes in another order (what a member sort other than RFC 8785
// section 3.2.3's writes), "content" otherwise, so that the two causes are
// two findings, each minimized to its own example.
func outputDifference(got, want []byte) string {
	if len(got) != len(want) {
		return "content"
	}
	var count [256]int
	for i := range got {
		count[got[i]]++
		count[want[i]]--
	}
	for _, n := range count {
		if n != 0 {
			return "content"
		}
	}
	return "order"
}

// OutputSignature pins the bytes an implementation writes for an input:
// SHORT:output:HASH, the first 16 hex digits of their SHA-256, or
// SHORT:no-output when it writes none.
func OutputSignature(short string, o Outcome) minimize.Signature {
	if o.Class != oracle.Output {
		return minimize.Signature(short + ":no-output")
	}
	sum := sha256.Sum256(o.Output)
	return minimize.Signature(short + ":output:" + hex.EncodeToString(sum[:8]))
}

// CanonSigner signs inputs by CanonDeparture through c.
func CanonSigner(c oracle.Canonicalizer, short string) minimize.Signer {
	return minimize.SignerFunc(func(in []byte) minimize.Signature {
		return CanonDeparture(short, outcomeOf(c, in), in)
	})
}

// FindingsOptions say where and how findings are written.
type FindingsOptions struct {
	Dir      string // findings/study
	Command  string // the command that found them, for the source header
	Budget   Budget // the reducer's budget per finding
	Found    string // the date of a new finding; "" is today
	Progress io.Writer
}

// RecordCanonicalizerFindings writes one incumbent vector per departure
// signature of every implementation but ours: the first input with that
// signature, minimized, and the number of inputs that have it. A hang is
// not written: whether a slow implementation answers within the timeout
// depends on the machine, and a vector must replay the same everywhere;
// the report lists it with its input.
//
// fired counts the reductions the safety net of opts.Budget stopped.
func RecordCanonicalizerFindings(r Results, opts FindingsOptions) (written []string, fired int, err error) {
	for i, im := range r.Impls {
		if im.Name == OursName {
			continue
		}
		short := ShortName(im.Name)
		first := map[minimize.Signature]int{}
		count := map[minimize.Signature]int{}
		var order []minimize.Signature
		for j, in := range r.Inputs {
			sig := CanonDeparture(short, r.Out[i][j], in.Bytes)
			if sig == minimize.Pass || r.Out[i][j].Kind == "hang" {
				continue
			}
			if _, ok := first[sig]; !ok {
				first[sig] = j
				order = append(order, sig)
			}
			count[sig]++
		}
		for _, sig := range order {
			in := r.Inputs[first[sig]]
			payload := in.Bytes
			res, err := minimize.Minimize(context.Background(), in.Bytes, CanonSigner(im.C, short), opts.Budget.options())
			if err == nil && res.Signature == sig {
				payload = res.Input
			}
			if res.Stats.Stopped == minimize.StoppedTime {
				fired++
			}
			comment := fmt.Sprintf("%s %s, %s on %d of %d inputs of the study, first %s", im.Name, im.Version(), describe(sig), count[sig], len(r.Inputs), in.ID)
			path, err := writeFinding(opts, short, sig, string(sig), in.Bytes, payload, count[sig], "input "+in.ID, comment)
			if err != nil {
				return written, fired, err
			}
			written = append(written, path)
			if opts.Progress != nil {
				fmt.Fprintf(opts.Progress, "matrix: finding %s (%d bytes, %d tries%s)\n", path, len(payload), res.Stats.Tries, stopNote(res.Stats))
			}
		}
	}
	return written, fired, nil
}

// RecordPartialFindings pins the partial divergences (inputs some
// implementations refuse, on which those that write output write
// different bytes: what fails the HMAC pairs): for every implementation
// that writes output on one, the first such input of each category, with
// the SHA-256 of the bytes it writes (OutputSignature). The input is kept
// whole, since any reduction could change the bytes.
func RecordPartialFindings(rep Report, r Results, opts FindingsOptions) ([]string, error) {
	at := map[string]int{}
	for j, in := range r.Inputs {
		at[in.ID] = j
	}
	var written []string
	type key struct{ impl, cat string }
	first := map[key]int{}
	count := map[key]int{}
	var order []key
	for _, d := range rep.Differential.Partial {
		for _, g := range d.Groups {
			for _, name := range g.Implementations {
				if name == OursName {
					continue // the reference the findings are departures from
				}
				k := key{name, d.Category}
				if _, ok := first[k]; !ok {
					first[k] = at[d.Input]
					order = append(order, k)
				}
				count[k]++
			}
		}
	}
	for _, k := range order {
		for i, im := range r.Impls {
			if im.Name != k.impl {
				continue
			}
			j := first[k]
			in := r.Inputs[j]
			short := ShortName(im.Name)
			sig := OutputSignature(short, r.Out[i][j])
			comment := fmt.Sprintf("%s %s: on %d %s inputs where the implementations that accept write different bytes (HMAC failures), this is one; its output is pinned: %s", im.Name, im.Version(), count[k], k.cat, shorten(strconv.Quote(string(r.Out[i][j].Output))))
			path, err := writeFinding(opts, short, sig, string(sig), in.Bytes, in.Bytes, count[k], "input "+in.ID, comment)
			if err != nil {
				return written, err
			}
			written = append(written, path)
		}
	}
	return written, nil
}

// describe says what a canonicalizer signature means.
func describe(sig minimize.Signature) string {
	_, rest, _ := strings.Cut(string(sig), ":")
	switch {
	case strings.HasPrefix(rest, "admits:"):
		return "writes output where canonfuzz/jcs refuses with " + strings.TrimPrefix(rest, "admits:")
	case rest == "refuses":
		return "refuses what canonfuzz/jcs canonicalizes"
	case rest == "output-differs:order":
		return "writes the bytes of canonfuzz/jcs in another order"
	case strings.HasPrefix(rest, "output-differs"):
		return "writes other bytes than canonfuzz/jcs"
	}
	return rest
}

// RecordGuardFindings writes one incumbent vector per class of every
// guard but ours: the minimized chain and call as EncodePair writes them.
func RecordGuardFindings(rep GuardReport, opts FindingsOptions) ([]string, error) {
	var written []string
	for _, ir := range rep.Implementations {
		if ir.Name == OursGuardName {
			continue
		}
		short := ShortName(ir.Name)
		for _, c := range ir.Classes {
			p, err1 := strconv.Unquote(c.Minimized.Provenance)
			q, err2 := strconv.Unquote(c.Minimized.Params)
			op, err3 := strconv.Unquote(c.Provenance)
			oq, err4 := strconv.Unquote(c.Params)
			if err := errors.Join(err1, err2, err3, err4); err != nil {
				return written, fmt.Errorf("matrix: class %s of %s has no minimized example: %w", c.Kind, ir.Name, err)
			}
			payload := EncodePair([]byte(p), []byte(q))
			sig := GuardSignature(short, c.Kind, c.Reason, c.Diagnosis)
			comment := fmt.Sprintf("%s %s: %s, %s, on %d of %d probes, first %s (%s); the model: %s", ir.Name, ir.Version, c.Kind, c.Diagnosis, c.Count, rep.Probes, c.FirstProbe, c.ChainLabel, firstLine(c.ModelReason))
			if c.Verdict != "" {
				comment += "; by the readings of SEP-3246, the minimized example is a " + c.Verdict + " (its probes: " + verdictCounts(c.Verdicts) + ")"
			}
			name := c.Kind + ":" + c.Diagnosis // the file names the cause; the hash tells reasons apart
			if c.Diagnosis == "-" {
				name = c.Kind + ":" + strings.NewReplacer("bound: malformed at Q: ", "", "not admitted: admit: ", "").Replace(c.Reason)
			}
			if way, _, _ := strings.Cut(c.Verdict, ":"); way != "" {
				name = way + "-" + name // violation, ambiguity or hardening first (JudgeReadings)
			}
			path, err := writeFinding(opts, short, sig, name, EncodePair([]byte(op), []byte(oq)), payload, c.Count, "probe "+c.FirstProbe, comment)
			if err != nil {
				return written, err
			}
			written = append(written, path)
		}
	}
	return written, nil
}

// GuardSignature is the signature of a guard finding: the guard's short
// name, then GuardSigner's KIND:REASON:DIAGNOSIS.
func GuardSignature(short, kind, reason, diag string) minimize.Signature {
	return minimize.Signature(short + ":" + kind + ":" + reason + ":" + diag)
}

// writeFinding writes (or rewrites) the vector of sig under opts.Dir/short,
// in a file named after name and a hash of sig, keeping the found date of a
// vector already there.
func writeFinding(opts FindingsOptions, short string, sig minimize.Signature, name string, source, payload []byte, count int, from, comment string) (string, error) {
	sum := sha256.Sum256(source)
	found := opts.Found
	if found == "" {
		found = time.Now().UTC().Format(findings.DateLayout)
	}
	path := filepath.Join(opts.Dir, short, slug(short, name, string(sig))+".vec")
	if f, ok := foundBefore(filepath.Join(opts.Dir, short), path, sig); ok {
		found = f
	}
	v := findings.Vector{
		Target: short, Mode: findings.Failure, Signature: sig, Status: findings.Incumbent, Found: found,
		Source: opts.Command + ": " + from, SourceSHA256: hex.EncodeToString(sum[:]),
		SizeBefore: len(source), SizeAfter: len(payload), Count: count, Comment: strings.ReplaceAll(comment, "\n", " "), Payload: payload,
	}
	data, err := v.Marshal()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	return path, os.WriteFile(path, data, 0o644)
}

// foundBefore returns the found date of the vector of sig already under
// dir: the one at path, else one a rerun renamed (its name changed with
// its verdict, its signature did not).
func foundBefore(dir, path string, sig minimize.Signature) (string, bool) {
	others, _ := filepath.Glob(filepath.Join(dir, "*.vec"))
	for _, p := range append([]string{path}, others...) {
		if old, err := os.ReadFile(p); err == nil {
			if v, err := findings.Parse(old); err == nil && v.Signature == sig {
				return v.Found, true
			}
		}
	}
	return "", false
}

// slug is a file name for name, with a short hash of sig so that two
// signatures never share a file.
func slug(short, name, sig string) string {
	s := ShortName(strings.TrimPrefix(name, short+":"))
	if len(s) > 48 {
		s = strings.TrimRight(s[:48], "-")
	}
	sum := sha256.Sum256([]byte(sig))
	return s + "-" + hex.EncodeToString(sum[:3])
}

// ReplayGuard replays a guard finding against our own guard: a call the
// finding says was admitted unsoundly (or left undecided, or broke the
// guard) must be denied by the model and by bound.Check; one it says was
// over-restricted must be admitted by both. The payload must still have
// the shape its diagnosis names (the operators, hop by hop, and one hop
// for a check fault, more for a meet fault). ref, when not nil, is the
// guard the finding is about, and must still sign the payload as recorded,
// diagnosis and all.
func ReplayGuard(v findings.Vector, ref Guard) error {
	prov, params, ok := DecodePair(v.Payload)
	if !ok {
		return fmt.Errorf("payload is not [provenance,params]")
	}
	parts := strings.Split(string(v.Signature), ":")
	if len(parts) < 4 {
		return fmt.Errorf("signature %q is not SHORT:KIND:REASON:DIAGNOSIS", v.Signature)
	}
	kind, diag := parts[1], parts[len(parts)-1]
	if fault, shape, ok := shapeOfDiagnosis(diag); ok {
		c, ok := splitChain(prov)
		if !ok {
			return fmt.Errorf("diagnosis %s, but the payload's provenance has no chain of hops", diag)
		}
		want := map[bool]string{true: "meet", false: "check"}[len(c.hops) > 1]
		if got := c.shape(); got != shape || fault != want {
			return fmt.Errorf("diagnosis %s, but the payload is a %s of %s", diag, want, got)
		}
	} else if diag != "-" {
		return fmt.Errorf("diagnosis %q is neither FAULT(SHAPE)[STEPS] nor -", diag)
	}
	modelAdmits, reason := Model(prov, params)
	ours, oursReason, _ := OursGuard{}.Check(prov, params)
	want := kind == OverRestrictive
	if modelAdmits != want || ours != want {
		return fmt.Errorf("%s: the model admits %v (%s), bound.Check %v (%s); our guard must %s", kind, modelAdmits, reason, ours, oursReason, map[bool]string{true: "admit it", false: "deny it"}[want])
	}
	if ref != nil {
		if got := GuardSigner(ref).Sign(v.Payload); string(got) != strings.TrimPrefix(string(v.Signature), v.Target+":") {
			return fmt.Errorf("%s now signs %q, recorded %q", ref.Name(), got, v.Signature)
		}
	}
	return nil
}

// OutputSigner signs inputs by OutputSignature through c.
func OutputSigner(c oracle.Canonicalizer, short string) minimize.Signer {
	return minimize.SignerFunc(func(in []byte) minimize.Signature {
		return OutputSignature(short, outcomeOf(c, in))
	})
}

// PruneFindings removes the vectors under dir/TARGET/, for each target of
// targets, that are not among written: a rerun leaves the folder holding
// what the study finds now, not also what an earlier run found. It
// returns the paths removed.
func PruneFindings(dir string, targets, written []string) ([]string, error) {
	keep := map[string]bool{}
	for _, p := range written {
		keep[filepath.Clean(p)] = true
	}
	var removed []string
	for _, t := range targets {
		paths, err := filepath.Glob(filepath.Join(dir, t, "*.vec"))
		if err != nil {
			return removed, err
		}
		for _, p := range paths {
			if keep[filepath.Clean(p)] {
				continue
			}
			if err := os.Remove(p); err != nil {
				return removed, err
			}
			removed = append(removed, p)
		}
	}
	return removed, nil
}
