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
	refs, err := installed.NodeCanonicalizers()
	if err != nil {
		return property.Unavailable(prop, err)
	}
	return check(refs)
}
