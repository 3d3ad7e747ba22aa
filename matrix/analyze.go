package matrix

import (
	"crypto/hmac"
	"crypto/sha256"
	"sort"
	"strconv"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
)

// HMACKey is the fixed key of the sign-then-verify pairs.
const HMACKey = "canonfuzz matrix: the fixed HMAC-SHA256 key of the study"

// maxBlocs bounds the blocs listed per category.
const maxBlocs = 6

// Analyze computes the report of results, digest rows included.
func Analyze(r Results, seed uint64, digests []DigestRow) Report {
	rep := Report{Study: "canonicalizers", Seed: seed, Inputs: len(r.Inputs), Breakdowns: []Breakdown{}}
	cats := map[string]*CatReport{}
	var catOrder []string
	for _, in := range r.Inputs {
		if cats[in.Category] == nil {
			cats[in.Category] = &CatReport{Name: in.Category}
			catOrder = append(catOrder, in.Category)
		}
		cats[in.Category].Inputs++
	}
	for i, im := range r.Impls {
		ir := ImplReport{Name: im.Name, Version: im.Version(), Where: im.Where, MinorityByCategory: map[string]int{}}
		for j, o := range r.Out[i] {
			switch o.Class {
			case oracle.Output:
				ir.Accepted++
			case oracle.Refusal:
				ir.Refused++
			default:
				ir.Breakdowns++
				in := r.Inputs[j]
				rep.Breakdowns = append(rep.Breakdowns, Breakdown{im.Name, in.ID, in.Category, o.Kind, o.Detail})
			}
		}
		rep.Implementations = append(rep.Implementations, ir)
	}
	rep.Differential.Divergences, rep.Differential.Partial = []Divergence{}, []Divergence{}
	blocs := map[string]map[string]*Bloc{} // category, accepting set
	for j, in := range r.Inputs {
		cr := cats[in.Category]
		var accepting, refusing []string
		for i, im := range r.Impls {
			if r.Out[i][j].Class == oracle.Output {
				accepting = append(accepting, im.Name)
			} else {
				refusing = append(refusing, im.Name)
			}
		}
		switch {
		case len(refusing) == 0:
			cr.AllAccepted++
			rep.Differential.AllAccepted++
			if d, minority, ok := diverge(r, j); ok {
				cr.Diverged++
				rep.Differential.Diverged++
				rep.Differential.Divergences = append(rep.Differential.Divergences, d)
				if minority == nil {
					rep.Differential.NoMajority++
				}
				for _, i := range minority {
					rep.Implementations[i].Minority++
					rep.Implementations[i].MinorityByCategory[in.Category]++
				}
			}
		case len(accepting) > 0:
			if d, _, ok := diverge(r, j); ok {
				d.Refusing = refusing
				rep.Differential.Partial = append(rep.Differential.Partial, d)
			}
			cr.Mixed++
			rep.Surface.Mixed++
			key := strings.Join(accepting, "\x00")
			if blocs[in.Category] == nil {
				blocs[in.Category] = map[string]*Bloc{}
			}
			b := blocs[in.Category][key]
			if b == nil {
				b = &Bloc{Accepting: accepting, Refusing: refusing, Example: in.ID, Text: strconv.Quote(string(in.Bytes))}
				blocs[in.Category][key] = b
			}
			b.Inputs++
		}
	}
	rep.Differential.Rate = ratio(rep.Differential.Diverged, rep.Differential.AllAccepted)
	for _, name := range catOrder {
		rep.Categories = append(rep.Categories, *cats[name])
		if len(blocs[name]) == 0 {
			continue
		}
		sc := SurfaceCat{Name: name, Mixed: cats[name].Mixed}
		for _, b := range blocs[name] {
			sc.Blocs = append(sc.Blocs, *b)
		}
		sort.Slice(sc.Blocs, func(a, b int) bool {
			if sc.Blocs[a].Inputs != sc.Blocs[b].Inputs {
				return sc.Blocs[a].Inputs > sc.Blocs[b].Inputs
			}
			return sc.Blocs[a].Example < sc.Blocs[b].Example
		})
		sc.Blocs = sc.Blocs[:min(len(sc.Blocs), maxBlocs)]
		rep.Surface.Categories = append(rep.Surface.Categories, sc)
	}
	rep.Pairs, rep.HMAC = pairs(r)
	rep.WorstPair = worst(rep.Pairs)
	rep.Digest = DigestReport{Vectors: DigestVectors, Rows: digests}
	return rep
}

// diverge groups the outputs of input j by the implementations that wrote
// one. It reports whether they differ and, when one group is larger than
// every other, the implementations outside it (nil otherwise).
func diverge(r Results, j int) (Divergence, []int, bool) {
	groups := map[string][]int{}
	var order []string
	for i := range r.Impls {
		if r.Out[i][j].Class != oracle.Output {
			continue
		}
		out := string(r.Out[i][j].Output)
		if groups[out] == nil {
			order = append(order, out)
		}
		groups[out] = append(groups[out], i)
	}
	if len(groups) <= 1 {
		return Divergence{}, nil, false
	}
	sort.SliceStable(order, func(a, b int) bool { return len(groups[order[a]]) > len(groups[order[b]]) })
	in := r.Inputs[j]
	d := Divergence{Input: in.ID, Category: in.Category, Text: strconv.Quote(string(in.Bytes))}
	for _, out := range order {
		g := Group{Output: strconv.Quote(out)}
		for _, i := range groups[out] {
			g.Implementations = append(g.Implementations, r.Impls[i].Name)
		}
		d.Groups = append(d.Groups, g)
	}
	if len(groups[order[0]]) == len(groups[order[1]]) {
		return d, nil, true
	}
	var minority []int
	for _, out := range order[1:] {
		minority = append(minority, groups[out]...)
	}
	sort.Ints(minority)
	return d, minority, true
}

// pairs signs with each implementation and verifies with each other over
// the inputs both wrote output for.
func pairs(r Results) ([]Pair, HMACSummary) {
	tags := make([][][]byte, len(r.Impls))
	for i := range r.Impls {
		tags[i] = make([][]byte, len(r.Inputs))
		for j, o := range r.Out[i] {
			if o.Class == oracle.Output {
				m := hmac.New(sha256.New, []byte(HMACKey))
				m.Write(o.Output)
				tags[i][j] = m.Sum(nil)
			}
		}
	}
	sum := HMACSummary{Key: HMACKey, Denominator: "for each ordered pair of two different implementations, the inputs both wrote canonical output for (neither refused nor broke down); a failure is a verifier whose HMAC-SHA256 of its own canonical bytes does not equal the signer's tag"}
	var ps []Pair
	for s := range r.Impls {
		for v := range r.Impls {
			if s == v {
				continue
			}
			p := Pair{Signer: r.Impls[s].Name, Verifier: r.Impls[v].Name}
			for j := range r.Inputs {
				if tags[s][j] == nil || tags[v][j] == nil {
					continue
				}
				p.Messages++
				if !hmac.Equal(tags[s][j], tags[v][j]) {
					p.Failures++
				}
			}
			p.Rate = ratio(p.Failures, p.Messages)
			sum.Pairs++
			sum.Messages += p.Messages
			sum.Failures += p.Failures
			ps = append(ps, p)
		}
	}
	sum.Rate = ratio(sum.Failures, sum.Messages)
	return ps, sum
}

// worst is the pair with the highest failure rate (then the most failures,
// then the first in order); nil when no pair failed.
func worst(ps []Pair) *Pair {
	var w *Pair
	for i := range ps {
		p := &ps[i]
		if p.Failures == 0 {
			continue
		}
		if w == nil || p.Rate > w.Rate || p.Rate == w.Rate && p.Failures > w.Failures {
			w = p
		}
	}
	if w == nil {
		return nil
	}
	c := *w
	return &c
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
