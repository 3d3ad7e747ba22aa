package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/planted"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
	"github.com/canonfuzz/canonfuzz/seeds"
	"github.com/canonfuzz/canonfuzz/targets/guard"
)

// FuzzProxySettingsAsDocumented (fuzz/guard): guard.Decide and its twin
// guard.DecideReference refuse a Config, guard.(*Proxy).Run a proxy's
// settings and guard.ParseDisposition a disposition's command-line name,
// exactly when the documented rules do, on the settings and the name
// gen.GenerateProxyArgs makes.
var _ = register(Target{
	Name: "FuzzProxySettingsAsDocumented", Stub: "fuzz/guard/guard_test.go",
	Checks:  "Config.Validate (through Decide), the proxy's own checks and ParseDisposition refuse exactly the settings and names the documented rules refuse",
	Input:   "generator bytes (gen.GenerateProxyArgs)",
	Oracles: []string{"the documented rules of a guard's settings, with the caps as numbers"},
	Seeds: []seeds.Seed{
		{Name: "all valid", Comment: "enforce, originate, the 4 MiB message cap", Values: []any{[]byte{1, 0, 2, 1, 0, 1, 1, 0, 3, 1}}},
		{Name: "no component", Comment: "an empty component identifier (every setting invalid)", Values: []any{[]byte{0}}},
		{Name: "unknown disposition", Comment: "the disposition past reject", Values: []any{[]byte{1, 0, 2, 3, 0}}},
		{Name: "message cap past 20 MiB", Comment: "one byte past the documented cap", Values: []any{[]byte{1, 0, 2, 1, 0, 1, 1, 0, 6, 1}}},
		{Name: "disposition name empty", Comment: "the settings of all valid, then --absent given as the empty name (no default)", Values: []any{[]byte{1, 0, 2, 1, 0, 1, 1, 0, 3, 1, 2}}},
		{Name: "disposition name unknown", Comment: "the settings of all valid, then --absent given as \"none\"", Values: []any{[]byte{1, 0, 2, 1, 0, 1, 1, 0, 3, 1, 9}}},
		{Name: "both caps at their limits", Comment: "audit mode, a 20 MiB message cap and a 256 MiB server line cap: valid", Values: []any{[]byte{1, 0, 2, 1, 1, 1, 1, 1, 5, 8}}},
	},
	Planted: []Variant{
		{Fault: "a message cap past the limit run as the default", Impl: property.ProxyGate{Decide: guard.Decide, Reference: guard.DecideReference, Run: planted.ProxyClampsMessageCap, ParseDisposition: guard.ParseDisposition}},
	},
}, onArg(property.ProxyGate{Decide: guard.Decide, Reference: guard.DecideReference, Run: (*guard.Proxy).Run, ParseDisposition: guard.ParseDisposition}, property.ProxySettingsAsDocumented))
