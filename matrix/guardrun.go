package matrix

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// GuardOptions configure the guard study.
type GuardOptions struct {
	Seed     uint64
	Chains   int           // chains drawn (each with its probe calls); 0 means DefaultChains
	Minimize time.Duration // the reducer's budget per class; 0 means 3 s
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
	Chains          int               `json:"chains"`
	Probes          int               `json:"probes"` // chain and call pairs
	ModelAdmits     int               `json:"model_admits"`
	ModelDenies     int               `json:"model_denies"`
	Implementations []GuardImplReport `json:"implementations"`
}

// GuardImplReport is one guard's answers, judged by the model.
type GuardImplReport struct {
	Name            string       `json:"name"`
	Version         string       `json:"version"`
	Admitted        int          `json:"admitted"`
	Denied          int          `json:"denied"`
	Undecided       int          `json:"undecided"`
	Breakdowns      int          `json:"breakdowns"`
	Unsound         int          `json:"unsound"`          // admitted although some hop's bound refuses
	OverRestrictive int          `json:"over_restrictive"` // denied although every hop admits
	Classes         []GuardClass `json:"classes"`
}

// GuardClass is one class of departure: its kind, the model's (or for an
// undecided answer, the guard's) reason with quotes and numbers blanked,
// the fingerprint of the example (operators and features, kept by the
// reducer), the call label of its first example, the first example and
// its minimized form. Classes whose minimized forms are equal are merged.
type GuardClass struct {
	Kind        string `json:"kind"`
	Reason      string `json:"reason"`
	Fingerprint string `json:"fingerprint"`
	CallLabel   string `json:"call_label"`
	Count       int    `json:"count"`
	FirstProbe  string `json:"first_probe"`
	ChainLabel  string `json:"chain_label"`
	Provenance  string `json:"provenance"` // Go-quoted
	Params      string `json:"params"`
	Minimized   Pair2  `json:"minimized"`
	ModelReason string `json:"model_reason"` // on the minimized example
}

// Pair2 is a minimized chain and call, Go-quoted, and whether the reducer
// reached its fixed point.
type Pair2 struct {
	Provenance string `json:"provenance"`
	Params     string `json:"params"`
	Complete   bool   `json:"complete"`
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
		return KindUndecided, reasonClass(firstLine(a.reason))
	case a.decision == BrokenDown:
		return KindBreakdown, reasonClass(firstLine(a.reason))
	}
	return "", ""
}

var operatorKey = regexp.MustCompile(`"(eq|in|prefix|glob|and)"\s*:`)

// fingerprint names what a pair is made of, at the text level so that it
// works on chains targets/bound refuses: the operators the provenance
// names, and features of the params' text (a '%', a doubled '/', a dot
// segment, a trailing '/', a character outside ASCII, a number or a
// boolean value). The reducer keeps it, so an example of one corner does
// not shrink into an example of another with the same model reason.
func fingerprint(provenance, params []byte) string {
	parts := []string{operators(provenance)}
	p := string(params)
	for _, f := range []struct {
		name string
		has  bool
	}{
		{"pct", strings.Contains(p, "%")}, {"dslash", strings.Contains(p, "//")}, {"dot", strings.Contains(p, "/.") || strings.Contains(p, "./")},
		{"tslash", strings.Contains(p, `/"`)}, {"nonascii", strings.ContainsFunc(p, func(r rune) bool { return r > 0x7f })},
		{"scalar", scalarArg.MatchString(p)},
	} {
		if f.has {
			parts = append(parts, f.name)
		}
	}
	return strings.Join(parts, "+")
}

// operators lists the operators a provenance text names, in SEP order.
func operators(provenance []byte) string {
	ops := map[string]bool{}
	for _, m := range operatorKey.FindAllSubmatch(provenance, -1) {
		ops[string(m[1])] = true
	}
	var parts []string
	for _, op := range []string{"eq", "in", "prefix", "glob", "and"} {
		if ops[op] {
			parts = append(parts, op)
		}
	}
	return strings.Join(parts, ",")
}

var scalarArg = regexp.MustCompile(`:\s*(true|false|-?[0-9])`)

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

// GuardSigner is the reducer's signer for a guard: the kind and class of
// the guard's departure from the model on an encoded pair.
func GuardSigner(g Guard) minimize.Signer {
	return minimize.SignerFunc(func(b []byte) minimize.Signature {
		prov, params, ok := DecodePair(b)
		if !ok {
			return minimize.Pass
		}
		admits, reason := Model(prov, params)
		kind, class := departure(ask(g, prov, params), admits, reason)
		if kind == "" {
			return minimize.Pass
		}
		return minimize.Signature(kind + ":" + class + ":" + fingerprint(prov, params))
	})
}

// RunGuards runs every probe through every guard, judges each answer by
// the model, and minimizes the first example of every class. Each guard
// is asked from its own goroutine; progress lines go to progress.
func RunGuards(probes []Probe, names []string, guards []Guard, opts GuardOptions, progress io.Writer) GuardReport {
	if opts.Minimize <= 0 {
		opts.Minimize = 3 * time.Second
	}
	rep := GuardReport{Study: "guards", Seed: opts.Seed, Chains: opts.Chains, Probes: len(probes)}
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
	say("%d probes (%d chains) through %d guards; the model admits %d", len(probes), opts.Chains, len(guards), rep.ModelAdmits)
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

func judgeGuard(probes []Probe, model []bool, reasons []string, name string, g Guard, opts GuardOptions, say func(string, ...any)) GuardImplReport {
	ir := GuardImplReport{Name: name, Version: g.Version(), Classes: []GuardClass{}}
	classes := map[string]*GuardClass{}
	var order []string
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
		kind, class := departure(a, model[i], reasons[i])
		switch kind {
		case "":
			continue
		case Unsound:
			ir.Unsound++
		case OverRestrictive:
			ir.OverRestrictive++
		}
		callLabel := p.Label[bytes.LastIndex([]byte(p.Label), []byte(" / "))+3:]
		key := kind + "\x00" + class + "\x00" + operators(p.Provenance)
		c := classes[key]
		if c == nil {
			c = &GuardClass{Kind: kind, Reason: class, Fingerprint: fingerprint(p.Provenance, p.Params), CallLabel: callLabel, FirstProbe: p.ID, ChainLabel: p.Label,
				Provenance: strconv.Quote(string(p.Provenance)), Params: strconv.Quote(string(p.Params))}
			classes[key] = c
			order = append(order, key)
		}
		c.Count++
		if n := i + 1; n%max(1, len(probes)/4) == 0 && n < len(probes) {
			say("%s: %d/%d probes", name, n, len(probes))
		}
	}
	say("%s: %d unsound, %d over-restrictive, %d undecided, %d breakdowns; minimizing %d classes", name, ir.Unsound, ir.OverRestrictive, ir.Undecided, ir.Breakdowns, len(order))
	signer := GuardSigner(g)
	merged := map[string]int{} // minimized pair: index in ir.Classes
	for _, key := range order {
		c := classes[key]
		prov, _ := strconv.Unquote(c.Provenance)
		params, _ := strconv.Unquote(c.Params)
		input := EncodePair([]byte(prov), []byte(params))
		res, err := minimize.Minimize(context.Background(), input, signer, minimize.Options{Time: opts.Minimize})
		if err == nil {
			if p, q, ok := DecodePair(res.Input); ok {
				c.Minimized = Pair2{strconv.Quote(string(p)), strconv.Quote(string(q)), res.Stats.Complete, len(input), len(res.Input)}
				_, c.ModelReason = Model(p, q)
			}
		}
		if at, seen := merged[c.Kind+c.Minimized.Provenance+c.Minimized.Params]; seen && c.Minimized.Params != "" {
			ir.Classes[at].Count += c.Count
			continue
		}
		merged[c.Kind+c.Minimized.Provenance+c.Minimized.Params] = len(ir.Classes)
		ir.Classes = append(ir.Classes, *c)
	}
	sort.SliceStable(ir.Classes, func(a, b int) bool { return ir.Classes[a].Count > ir.Classes[b].Count })
	return ir
}
