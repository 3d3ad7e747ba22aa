package spec

import (
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/installed"
	"github.com/canonfuzz/canonfuzz/fuzz/property"
)

// The Go and Node oracle names, for the README rows.
var (
	goOracleNames   = []string{"gowebpki/jcs", "cyberphone", "jsontext"}
	nodeOracleNames = []string{"npm canonicalize", "npm json-canonicalize", "node/ecmascript"}
)

// withNode runs check with the Node oracles, or reports them unavailable.
func withNode(prop string, check func(refs []oracle.Canonicalizer) *property.Violation) *property.Violation {
	return withOracles(prop, installed.NodeCanonicalizers, check)
}

// withOracles runs check with the oracles refs gives, or reports them
// unavailable to prop.
func withOracles(prop string, refs func() ([]oracle.Canonicalizer, error), check func(refs []oracle.Canonicalizer) *property.Violation) *property.Violation {
	oracles, err := refs()
	if err != nil {
		return property.Unavailable(prop, err)
	}
	return check(oracles)
}
