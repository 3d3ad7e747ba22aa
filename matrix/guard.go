package matrix

import (
	"fmt"
	"math/rand/v2"
	"regexp"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// Guard is one SEP-3246 guard: given the raw bytes of a provenance object
// and of a tools/call's params, it admits or denies the call. An error is
// an *subprocess.UndecidedError (the guard raised) or a breakdown.
// subprocess.Client is a Guard for any program speaking protocol 2.
type Guard interface {
	Name() string
	Version() string
	Check(provenance, params []byte) (admit bool, reason string, err error)
	Close() error
}

// OursGuard is canonfuzz's own decision: bound.Parse and bound.ParseCall
// (a malformed chain or call denies), then bound.Check, with no tool
// schemas (every string argument read both ways, ModeDual) and no case
// folding.
type OursGuard struct{}

// OursGuardName is the name the guard study reports ours under.
const OursGuardName = "canonfuzz/bound.Check"

func (OursGuard) Name() string    { return OursGuardName }
func (OursGuard) Version() string { return "this build" }
func (OursGuard) Close() error    { return nil }

// Check is bound.Check on the parsed operands.
func (OursGuard) Check(provenance, params []byte) (bool, string, error) {
	d := oursDecide(provenance, params)
	return d.Admit, d.Reason, nil
}

func oursDecide(provenance, params []byte) bound.Decision {
	p, err := bound.Parse(provenance)
	if err != nil {
		return bound.Decision{Reason: "malformed provenance: " + err.Error()}
	}
	call, err := bound.ParseCall(params)
	if err != nil {
		return bound.Decision{Reason: "malformed call: " + err.Error()}
	}
	return bound.Check(p, call, bound.Canon{})
}

// Model is the hardened model a guard is judged by (exact to the reading
// bound.Hardened; JudgeReadings then judges a departure by the readings
// of the text): the call is admitted if
// and only if the provenance object and the params parse (targets/bound;
// a malformed one admits nothing, SEP-3246 section 4.3), the version is 1,
// the chain is not empty, and every hop's bound admits the call (section
// 3.3: effbound is the intersection; this is its definition, not the
// computed meet). No tool schemas: every string argument is read both as
// a plain string and as a path (bound.ModeDual). The reason is
// bound.Check's when it denies.
func Model(provenance, params []byte) (bool, string) {
	return modelReading(provenance, params, false)
}

// modelReading is Model, or with asPath the model of a deployment whose
// tool schemas declare every argument of the call a path
// (bound.ModeHierarchical): what a guard that reads every string as a path
// must still get right.
func modelReading(provenance, params []byte, asPath bool) (bool, string) {
	p, err := bound.Parse(provenance)
	if err != nil {
		return false, "malformed provenance: " + err.Error()
	}
	call, err := bound.ParseCall(params)
	if err != nil {
		return false, "malformed call: " + err.Error()
	}
	var canon bound.Canon
	if asPath {
		modes := map[string]bound.Mode{}
		for arg := range call.Arguments {
			modes[arg] = bound.ModeHierarchical
		}
		canon.Schemas = bound.Schemas{call.Name: modes}
	}
	admit := p.V == bound.Version && len(p.Chain) > 0
	for _, h := range p.Chain {
		admit = admit && bound.BoundAdmits(h.Bound, call, canon)
	}
	if admit {
		return true, "every hop admits"
	}
	if d := bound.Check(p, call, canon); !d.Admit {
		return false, d.Reason
	}
	return false, "some hop's bound refuses the call"
}

var (
	quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'[^']*'`)
	digits = regexp.MustCompile(`[0-9]+`)
)

// reasonClass is a reason with its quoted text and numbers blanked, so
// that one cause keeps one class while an example shrinks.
func reasonClass(reason string) string {
	return digits.ReplaceAllString(quoted.ReplaceAllString(reason, "Q"), "N")
}

// OpenExternalGuard starts a guard given by --impl NAME=COMMAND; it must
// speak protocol 2.
func OpenExternalGuard(flag string) (string, Guard, error) {
	name, c, err := StartExternal(flag)
	if err != nil {
		return "", nil, err
	}
	if c.Protocol() < 2 {
		c.Close()
		return "", nil, fmt.Errorf("matrix: --impl %s speaks protocol %d, which has no check: a guard needs 2", name, c.Protocol())
	}
	return name, c, nil
}

// Probe is one chain and one call of the guard study.
type Probe struct {
	ID         string
	Label      string // the chain's label, then the call's
	Provenance []byte
	Params     []byte
}

// GenerateProbes draws chains probes from seed with gen.GenerateChainProbe
// and, with corners, adds the named corners of the meet, gen.MeetCorners,
// which no seed draws: every ordered pair of operators over operands
// related by each canonicalization step.
func GenerateProbes(seed uint64, chains int, corners bool) []Probe {
	r := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	var out []Probe
	add := func(id string, cp gen.ChainProbe) {
		for k, c := range cp.Calls {
			out = append(out, Probe{
				ID:         fmt.Sprintf("%s/call-%02d", id, k),
				Label:      cp.Label + " / " + c.Label,
				Provenance: cp.Provenance,
				Params:     c.Params,
			})
		}
	}
	for i := range chains {
		data := make([]byte, 48+r.IntN(48))
		for j := range data {
			data[j] = byte(r.Uint32())
		}
		add(fmt.Sprintf("chain-%03d", i), gen.GenerateChainProbe(data))
	}
	if corners {
		for i, cp := range gen.MeetCorners() {
			add(fmt.Sprintf("corner-%03d", i), cp)
		}
	}
	return out
}

var _ Guard = (*subprocess.Client)(nil)
