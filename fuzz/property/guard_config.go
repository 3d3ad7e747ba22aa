package property

import (
	"errors"
	"io"
	"strings"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// ProxyGate is what refuses a guard's settings: guard.Decide for the
// Config, guard.(*Proxy).Run for the proxy's own; or a planted variant.
type ProxyGate struct {
	Decide    Decider
	Reference Decider // guard.DecideReference, the tree-based twin, which checks the Config on its own
	Run       func(p *guard.Proxy, client io.Reader, out io.Writer) (int, error)
	// ParseDisposition reads the disposition's command-line name
	// (guard.ParseDisposition).
	ParseDisposition func(name string) (guard.Disposition, error)
}

// referenceDispositions are the documented names of the absent-provenance
// disposition (SEP-3246 section 4.5.1, which gives it no default; canonfuzz guard --absent): every other
// name, the empty one included, is a configuration error.
var referenceDispositions = map[string]guard.Disposition{"originate": guard.Originate, "reject": guard.Reject}

// The documented ranges of the proxy's caps (guard.Proxy's documentation):
// written here as numbers, not read from the target.
const (
	refMaxMessageLimit    = 20 << 20  // the message cap: what admission admits by default, 20 MiB
	refMaxServerLineLimit = 256 << 20 // the server line cap: 256 MiB
)

// referenceConfigFault says why the settings p may not run, "" if they
// may: SEP-3246 section 4.1 and the guard's documentation. A guard names
// its component (its hop must name it, section 2.2) and has a policy
// bound (empty confers nothing, section 3.1); the absent-provenance
// disposition is originate or reject, the mode enforce or audit (section
// 4.4), and audit needs an audit log; the proxy has a server command, a
// grace of zero or more, and caps within their documented ranges.
func referenceConfigFault(p guard.Proxy) (config, proxy string) {
	c := p.Config
	switch {
	case c.Component == "":
		config = "component"
	case c.Policy == nil:
		config = "policy"
	case c.Absent != guard.Originate && c.Absent != guard.Reject:
		config = "absent"
	case c.Mode != guard.Enforce && c.Mode != guard.Audit:
		config = "mode"
	}
	switch {
	case config != "":
		proxy = config
	case c.Mode == guard.Audit && p.Audit == nil:
		proxy = "audit log"
	case p.Command == "":
		proxy = "command"
	case p.Grace < 0:
		proxy = "grace"
	case p.MaxMessage < 0 || p.MaxMessage > refMaxMessageLimit:
		proxy = "message cap"
	case p.MaxServerLine < 0 || p.MaxServerLine > refMaxServerLineLimit:
		proxy = "server line cap"
	}
	return config, proxy
}

// configProbe is the message Decide is handed with each configuration: a
// well-formed tools/call.
const configProbe = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/a"}}}`

// ProxySettingsAsDocumented, on the settings gen.GenerateProxy makes of
// data: Decide, and its twin DecideReference, answer every message with a
// guard-config refusal (an internal error, JSON-RPC code -32603) exactly
// when referenceConfigFault finds a fault of the Config (classes
// config:refused-valid, config:accepted-invalid, twin:...); Run refuses with
// guard.ErrConfig exactly when it finds a fault of the proxy
// (proxy:refused-valid, proxy:accepted-invalid). Valid settings name a
// server that does not exist (gen.NoServer), so Run fails to start it and
// never runs one. First, ParseDisposition reads the disposition's
// command-line name as documented (disposition:...).
func ProxySettingsAsDocumented(g ProxyGate, data []byte) *Violation {
	const name = "ProxySettingsAsDocumented"
	p, absent := gen.GenerateProxyArgs(data)
	if v := dispositionAsDocumented(g.ParseDisposition, absent); v != nil {
		return v
	}
	config, proxy := referenceConfigFault(p)
	for _, side := range []struct {
		prefix string
		decide Decider
	}{{"config", g.Decide}, {"twin", g.Reference}} {
		d := side.decide([]byte(configProbe), p.Config)
		refused := d.Refusal != nil && errors.Is(d.Refusal, guard.ErrGuardConfig) && d.Refusal.Code == guard.CodeInternalError
		switch {
		case refused && config == "":
			return violated(name, side.prefix+":refused-valid", "%+v: %v", p.Config, d.Refusal)
		case !refused && config != "":
			return violated(name, side.prefix+":accepted-invalid", "%+v, its %s invalid: action %v, %v", p.Config, config, d.Action, d.Refusal)
		}
	}
	_, err := g.Run(&p, strings.NewReader(""), io.Discard)
	switch isConfig := errors.Is(err, guard.ErrConfig); {
	case isConfig && proxy == "":
		return violated(name, "proxy:refused-valid", "%+v: %v", p, err)
	case !isConfig && proxy != "":
		return violated(name, "proxy:accepted-invalid", "%+v, its %s invalid: %v", p, proxy, err)
	}
	return nil
}

// dispositionAsDocumented: parse reads a documented name as its
// disposition and refuses every other name with guard.ErrConfig. Classes:
// disposition:refused-valid, disposition:wrong, disposition:accepted-invalid.
func dispositionAsDocumented(parse func(string) (guard.Disposition, error), name string) *Violation {
	const class = "ProxySettingsAsDocumented"
	got, err := parse(name)
	want, documented := referenceDispositions[name]
	switch {
	case documented && err != nil:
		return violated(class, "disposition:refused-valid", "%q: %v", name, err)
	case documented && got != want:
		return violated(class, "disposition:wrong", "%q read as %v, want %v", name, got, want)
	case !documented && !errors.Is(err, guard.ErrConfig):
		return violated(class, "disposition:accepted-invalid", "%q: read as %v, %v; want a guard.ErrConfig refusal", name, got, err)
	}
	return nil
}
