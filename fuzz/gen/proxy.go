package gen

import (
	"io"
	"time"

	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// NoServer is the server command GenerateProxy names: a path that does not
// exist, so that a proxy whose settings are valid fails to start its
// server, and never runs one.
const NoServer = "/nonexistent/canonfuzz-no-server"

// proxyCaps are the message and server line caps a proxy is given: the
// edges of the documented ranges (0 means the default; the message cap up
// to 20 MiB, what admission admits; the server line cap up to 256 MiB),
// one past each, and a negative one.
var proxyCaps = []int64{-1, 0, 1, 4 << 20, 20<<20 - 1, 20 << 20, 20<<20 + 1, 256<<20 - 1, 256 << 20, 256<<20 + 1}

// DispositionNames are the names a proxy's absent-provenance disposition
// is given by on the command line (canonfuzz guard --absent, read by
// guard.ParseDisposition): the two documented names, the empty name (there
// is no default), and names one edit away from them.
var DispositionNames = []string{"originate", "reject", "", "Originate", "REJECT", "reject ", " originate", "originat", "rejected", "none", "0", "1"}

// GenerateProxy turns data into the settings of a guard proxy
// (guard.Proxy, guard.Config): each setting one choice from its valid
// values and the values just outside them, so that every refusal of
// Config.Validate and of the proxy's own checks is one byte away. The
// server command is NoServer or empty. It never fails.
func GenerateProxy(data []byte) guard.Proxy {
	p, _ := GenerateProxyArgs(data)
	return p
}

// GenerateProxyArgs is GenerateProxy and, drawn after the settings, the
// command-line name of a disposition (one of DispositionNames).
func GenerateProxyArgs(data []byte) (guard.Proxy, string) {
	s := newSource(data)
	var p guard.Proxy
	if s.intn(4) != 0 {
		p.Config.Component = []string{"guard", "planner", " "}[s.intn(3)]
	}
	switch s.intn(4) {
	case 0:
	case 1:
		p.Config.Policy = bound.Bound{}
	default:
		p.Config.Policy = bound.Bound{{Tool: "read_file", Args: map[string]bound.Constraint{"path": {Op: bound.OpPrefix, Operand: "/srv"}}}}
	}
	p.Config.Absent = guard.Disposition(s.intn(4))
	p.Config.Mode = guard.Mode(s.intn(4))
	if s.intn(4) != 0 {
		p.Audit = io.Discard
	}
	if s.intn(4) != 0 {
		p.Command = NoServer
	}
	p.Grace = []time.Duration{0, time.Second, -1}[s.intn(3)]
	p.MaxMessage = proxyCaps[s.intn(len(proxyCaps))]
	p.MaxServerLine = proxyCaps[s.intn(len(proxyCaps))]
	return p, DispositionNames[s.intn(len(DispositionNames))]
}
