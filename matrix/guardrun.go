package matrix

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// GuardOptions configure the guard study.
type GuardOptions struct {
	Seed    uint64
	Chains  int  // chains drawn (each with its probe calls); 0 means DefaultChains
	Corners bool // add the named corners of the meet (GenerateProbes)
	Budget  Budget
}

// DefaultChains is the size of the committed guard study.
const DefaultChains = 300

// The answers a guard gives one probe.
const (
	Admitted   = "admit"
	Denied     = "deny"
	Undecided  = "undecided"
	BrokenDown = "breakdown"
)

// The kinds of a guard's departure from the model.
const (
	Unsound         = "unsound"          // admitted, the model denies
	OverRestrictive = "over-restrictive" // denied, the model admits
	KindUndecided   = "undecided"        // raised
	KindBreakdown   = "breakdown"        // crashed, hung, broke the protocol
)

// GuardReport is the guard study, as matrix.json holds it with --guards.
type GuardReport struct {
	Study           string            `json:"study"` // "guards"
	Seed            uint64            `json:"seed"`
	Chains          int               `json:"chains"`  // drawn from the seed
	Corners         int               `json:"corners"` // the named corners of the meet (gen.MeetCorners)
	Probes          int               `json:"probes"`  // chain and call pairs
	ModelAdmits     int               `json:"model_admits"`
	ModelDenies     int               `json:"model_denies"`
	TextReadings    int               `json:"text_readings"` // the readings of the text each departure is judged by (guardreadings.go)
	Implementations []GuardImplReport `json:"implementations"`
}

// GuardImplReport is one guard's answers, judged by the model.
type GuardImplReport struct {
	Name            string `json:"name"`
	Version         string `json:"version"`
	Admitted        int    `json:"admitted"`
	Denied          int    `json:"denied"`
	Undecided       int    `json:"undecided"`
	Breakdowns      int    `json:"breakdowns"`
	Unsound         int    `json:"unsound"`          // admitted although some hop's bound refuses
	OverRestrictive int    `json:"over_restrictive"` // denied although every hop admits
	// The unsound and over-restrictive answers judged by the readings of
	// the text (JudgeReadings): each count on its own, and by label.
	Violations  int            `json:"violations"`
	Ambiguities int            `json:"ambiguities"`
	Hardenings  int            `json:"hardenings"`
	ModelWider  int            `json:"model_wider"`
	Verdicts    map[string]int `json:"verdicts,omitempty"`
	Classes     []GuardClass   `json:"classes"`
}

// GuardClass is one class of departure: its kind, the model's (or for an
// undecided answer, the guard's) reason with numbers (and for the model,
// quotes) blanked, and its diagnosis (diagnose.go: the fault, the
// operators of the witness, the canonicalization steps at fault), which
// the reducer keeps; the labels of its first example (of an unsound or
// over-restrictive class, the first of its most common verdict by the
// readings of the text, which the reducer keeps too), that example, the
// witness part of its chain, and the witness minimized. Classes whose
// minimized forms are equal are merged.
type GuardClass struct {
	Kind        string `json:"kind"`
	Reason      string `json:"reason"`
	Diagnosis   string `json:"diagnosis"`
	CallLabel   string `json:"call_label"`
	Count       int    `json:"count"`
	FirstProbe  string `json:"first_probe"`
	ChainLabel  string `json:"chain_label"`
	Provenance  string `json:"provenance"` // Go-quoted
	Params      string `json:"params"`
	Witness     string `json:"witness"` // the provenance of the witness, Go-quoted
	Minimized   Pair2  `json:"minimized"`
	ModelReason string `json:"model_reason"` // on the minimized example
	// Verdict is JudgeReadings on the minimized example; Verdicts counts
	// the class's probes by their own.
	Verdict  string         `json:"verdict,omitempty"`
	Verdicts map[string]int `json:"verdicts,omitempty"`
}

// Pair2 is a minimized chain and call, Go-quoted; whether the reducer
// reached its fixed point, how many tries it made, and what stopped it if
// not ("tries": the budget, the same on every run; "time": the wall-clock
// safety net, which makes the run depend on the machine).
type Pair2 struct {
	Provenance string `json:"provenance"`
	Params     string `json:"params"`
	Complete   bool   `json:"complete"`
	Tries      int    `json:"tries"`
	Stopped    string `json:"stopped,omitempty"`
	SizeBefore int    `json:"size_before"`
	SizeAfter  int    `json:"size_after"`
}

// answer is what one guard said to one probe.
type answer struct {
	decision string
	reason   string
}

func ask(g Guard, provenance, params []byte) (a answer) {
	defer func() {
		if v := recover(); v != nil {
			a = answer{BrokenDown, fmt.Sprint("panic: ", v)}
		}
	}()
	admit, reason, err := g.Check(provenance, params)
	var ue *subprocess.UndecidedError
	switch {
	case errors.As(err, &ue):
		return answer{Undecided, ue.Reason}
	case err != nil:
		return answer{BrokenDown, breakdownKind(err) + ": " + shorten(err.Error())}
	case admit:
		return answer{Admitted, reason}
	}
	return answer{Denied, reason}
}

// departure names how an answer departs from the model, or "".
func departure(a answer, modelAdmits bool, modelReason string) (kind, class string) {
	switch {
	case a.decision == Admitted && !modelAdmits:
		return Unsound, reasonClass(modelReason)
	case a.decision == Denied && modelAdmits:
		return OverRestrictive, ""
	case a.decision == Undecided:
		// The guard's own message: its quoted text names what it missed
		// (KeyError: 'component', KeyError: 'tool'), so only numbers go.
		return KindUndecided, digits.ReplaceAllString(firstLine(a.reason), "N")
	case a.decision == BrokenDown:
		return KindBreakdown, reasonClass(firstLine(a.reason))
	}
	return "", ""
}

// EncodePair writes a chain and a call as one text, the JSON array
// [PROVENANCE,PARAMS] with both operands as they were, for the reducer and
// for findings.
func EncodePair(provenance, params []byte) []byte {
	return append(append(append(append([]byte("["), provenance...), ','), params...), ']')
}

// DecodePair splits what EncodePair wrote, operands byte for byte.
func DecodePair(b []byte) (provenance, params []byte, ok bool) {
	d := json.NewDecoder(bytes.NewReader(b))
	if t, err := d.Token(); err != nil || t != json.Delim('[') {
		return nil, nil, false
	}
	var p, q json.RawMessage
	if d.Decode(&p) != nil || d.Decode(&q) != nil {
		return nil, nil, false
	}
	if t, err := d.Token(); err != nil || t != json.Delim(']') {
		return nil, nil, false
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, nil, false
	}
	return p, q, true
}

// GuardSigner is the reducer's signer for a guard: the kind, reason and
// diagnosis of the guard's departure from the model on an encoded pair
// (KIND:REASON:DIAGNOSIS), minimize.Pass where it agrees.
func GuardSigner(g Guard) minimize.Signer {
	j := newJudge(g)
	return minimize.SignerFunc(func(b []byte) minimize.Signature {
		prov, params, ok := DecodePair(b)
		if !ok {
			return minimize.Pass
		}
		v := j.classify(prov, params)
		if v.kind == "" {
			return minimize.Pass
		}
		return minimize.Signature(v.signature())
	})
}

// RunGuards runs every probe through every guard, judges each answer by
// the model, and minimizes the first example of every class. Each guard
// is asked from its own goroutine; progress lines go to progress.
func RunGuards(probes []Probe, names []string, guards []Guard, opts GuardOptions, progress io.Writer) GuardReport {
	rep := GuardReport{Study: "guards", Seed: opts.Seed, Chains: opts.Chains, Corners: countChains(probes, "corner-"), Probes: len(probes), TextReadings: len(textReadings)}
	model := make([]bool, len(probes))
	reasons := make([]string, len(probes))
	for i, p := range probes {
		model[i], reasons[i] = Model(p.Provenance, p.Params)
		if model[i] {
			rep.ModelAdmits++
		} else {
			rep.ModelDenies++
		}
	}
	var mu sync.Mutex
	say := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(progress, "matrix: "+format+"\n", args...)
	}
	say("%d probes (%d chains, %d corners) through %d guards; the model admits %d", len(probes), opts.Chains, rep.Corners, len(guards), rep.ModelAdmits)
	rep.Implementations = make([]GuardImplReport, len(guards))
	var wg sync.WaitGroup
	for gi, g := range guards {
		wg.Go(func() {
			rep.Implementations[gi] = judgeGuard(probes, model, reasons, names[gi], g, opts, say)
		})
	}
	wg.Wait()
	return rep
}

// mostCommon is the label with the highest count (the first in
// sortedVerdicts' order on a tie), or "".
func mostCommon(m map[string]int) string {
	if l := sortedVerdicts(m); len(l) > 0 {
		return l[0]
	}
	return ""
}

// keepVerdict is s for inputs the readings of the text judge as label
// (a departure of kind), minimize.Pass for the others.
func keepVerdict(s minimize.Signer, kind, label string) minimize.Signer {
	return minimize.SignerFunc(func(b []byte) minimize.Signature {
		sig := s.Sign(b)
		if sig == minimize.Pass {
			return sig
		}
		if p, q, ok := DecodePair(b); !ok || Verdict(JudgeReadings(p, q, kind)) != label {
			return minimize.Pass
		}
		return sig
	})
}

// countVerdict counts one departure judged by the readings of the text.
func (ir *GuardImplReport) countVerdict(way, detail string) {
	switch way {
	case Violation:
		ir.Violations++
	case Ambiguity:
		ir.Ambiguities++
	case Hardening:
		ir.Hardenings++
	case ModelWider:
		ir.ModelWider++
	default:
		return
	}
	if ir.Verdicts == nil {
		ir.Verdicts = map[string]int{}
	}
	ir.Verdicts[Verdict(way, detail)]++
}

// countChains counts the chains whose probe IDs start with prefix.
func countChains(probes []Probe, prefix string) int {
	seen := map[string]bool{}
	for _, p := range probes {
		if head, _, _ := strings.Cut(p.ID, "/"); strings.HasPrefix(head, prefix) {
			seen[head] = true
		}
	}
	return len(seen)
}

func judgeGuard(probes []Probe, model []bool, reasons []string, name string, g Guard, opts GuardOptions, say func(string, ...any)) GuardImplReport {
	ir := GuardImplReport{Name: name, Version: g.Version(), Classes: []GuardClass{}}
	classes := map[string]*GuardClass{}
	examples := map[string]map[string]GuardClass{} // by class, the first example of each verdict
	var order []string
	j := newJudge(g)
	for i, p := range probes {
		a := ask(g, p.Provenance, p.Params)
		switch a.decision {
		case Admitted:
			ir.Admitted++
		case Denied:
			ir.Denied++
		case Undecided:
			ir.Undecided++
		default:
			ir.Breakdowns++
			say("%s: %s on %s", name, firstLine(a.reason), p.ID)
		}
		if n := i + 1; n%max(1, len(probes)/4) == 0 && n < len(probes) {
			say("%s: %d/%d probes", name, n, len(probes))
		}
		if kind, _ := departure(a, model[i], reasons[i]); kind == "" {
			continue
		}
		j.memo = map[string]answer{string(p.Provenance) + "\x00" + string(p.Params): a} // the answer just given; no other probe asks the same
		v := j.classify(p.Provenance, p.Params)
		switch v.kind {
		case "":
			say("%s: %s answered %s and then otherwise: not deterministic", name, p.ID, a.decision)
			continue
		case Unsound:
			ir.Unsound++
		case OverRestrictive:
			ir.OverRestrictive++
		}
		way, detail := JudgeReadings(p.Provenance, p.Params, v.kind)
		ir.countVerdict(way, detail)
		key := v.signature()
		c := classes[key]
		if c == nil {
			c = &GuardClass{Kind: v.kind, Reason: v.reason, Diagnosis: v.diag, CallLabel: p.Label[strings.LastIndex(p.Label, " / ")+3:],
				FirstProbe: p.ID, ChainLabel: p.Label, Provenance: strconv.Quote(string(p.Provenance)), Params: strconv.Quote(string(p.Params)),
				Witness: strconv.Quote(string(v.witness))}
			classes[key] = c
			order = append(order, key)
		}
		c.Count++
		if way != "" {
			label := Verdict(way, detail)
			if c.Verdicts == nil {
				c.Verdicts = map[string]int{}
			}
			if _, seen := examples[key][label]; !seen && Verdict(JudgeReadings(v.witness, p.Params, v.kind)) == label {
				if examples[key] == nil {
					examples[key] = map[string]GuardClass{}
				}
				examples[key][label] = GuardClass{CallLabel: p.Label[strings.LastIndex(p.Label, " / ")+3:], FirstProbe: p.ID, ChainLabel: p.Label,
					Provenance: strconv.Quote(string(p.Provenance)), Params: strconv.Quote(string(p.Params)), Witness: strconv.Quote(string(v.witness))}
			}
			c.Verdicts[label]++
		}
	}
	say("%s: %d unsound, %d over-restrictive, %d undecided, %d breakdowns; minimizing %d classes", name, ir.Unsound, ir.OverRestrictive, ir.Undecided, ir.Breakdowns, len(order))
	for n, key := range order {
		c := classes[key]
		signer := GuardSigner(g)
		if label := mostCommon(c.Verdicts); label != "" {
			// The class is shown by the first example of its most common
			// verdict (judged on the whole probe and on its witness alike),
			// and its reduction keeps the witness's verdict, so that the
			// minimized example (and the finding's name) is judged as most
			// of the class is: an unknown member must not shrink into a
			// missing "v".
			if e, ok := examples[key][label]; ok {
				c.CallLabel, c.FirstProbe, c.ChainLabel, c.Provenance, c.Params, c.Witness = e.CallLabel, e.FirstProbe, e.ChainLabel, e.Provenance, e.Params, e.Witness
			}
			w, _ := strconv.Unquote(c.Witness)
			params, _ := strconv.Unquote(c.Params)
			signer = keepVerdict(signer, c.Kind, Verdict(JudgeReadings([]byte(w), []byte(params), c.Kind)))
		}
		w, _ := strconv.Unquote(c.Witness)
		params, _ := strconv.Unquote(c.Params)
		input := EncodePair([]byte(w), []byte(params))
		res, err := minimize.Minimize(context.Background(), input, signer, opts.Budget.options())
		if err != nil || string(res.Signature) != key {
			say("%s: class %d/%d (%s %s): the witness does not keep its signature (%v, %q): not deterministic", name, n+1, len(order), c.Kind, c.Diagnosis, err, res.Signature)
			res.Input, res.Stats = input, minimize.Stats{SizeBefore: len(input), SizeAfter: len(input)}
		}
		p, q, _ := DecodePair(res.Input)
		c.Minimized = Pair2{strconv.Quote(string(p)), strconv.Quote(string(q)), res.Stats.Complete, res.Stats.Tries, res.Stats.Stopped, len(input), len(res.Input)}
		_, c.ModelReason = Model(p, q)
		c.Verdict = Verdict(JudgeReadings(p, q, c.Kind))
		say("%s: class %d/%d, %s %s: %d -> %d bytes, %d tries%s", name, n+1, len(order), c.Kind, c.Diagnosis, len(input), len(res.Input), res.Stats.Tries, stopNote(res.Stats))
		ir.Classes = append(ir.Classes, *c)
	}
	sort.SliceStable(ir.Classes, func(a, b int) bool { return ir.Classes[a].Count > ir.Classes[b].Count })
	return ir
}
