package bound_test

import (
	"fmt"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// What a guard does with one tools/call (SEP-3246 section 4.1, 4.2): read
// the inbound chain, append its own hop, check the call against the
// extended chain, and write the chain back for the forwarded message.
func Example_guard() {
	inbound := []byte(`{"v":1,"chain":[{"component":"host","bound":[
		{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]}]}`)
	policy, _ := bound.ParseBound([]byte(`[{"tool":"read_file","args":{"path":{"glob":"/srv/acme/docs/**"}}}]`))
	tools, _ := bound.ParseTools([]byte(`{"tools":[{"name":"read_file","inputSchema":
		{"type":"object","properties":{"path":{"type":"string","format":"path"}}}}]}`))

	p, err := bound.Parse(inbound)
	if err != nil {
		fmt.Println("deny: malformed provenance:", err)
		return
	}
	out := p.Extend("docs-guard", policy)
	canon := bound.Canon{Schemas: tools}
	for _, call := range []string{
		`{"name":"read_file","arguments":{"path":"/srv/acme/docs/a/../intro.md"}}`,
		`{"name":"read_file","arguments":{"path":"/srv/acme/docs/../../../etc/passwd"}}`,
	} {
		c, _ := bound.ParseCall([]byte(call))
		d := bound.Check(out, c, canon)
		fmt.Println(d.Admit, d.Reason)
	}
	eff, _ := bound.EffBound(out, canon)
	effJSON, _ := eff.MarshalJSON()
	fmt.Println(string(effJSON))
	chain, _ := out.MarshalJSON()
	fmt.Println(string(chain))
	// Output:
	// true within effbound of 2 hops
	// false outside the bound of hop 0 ("host"): rule 0: argument "path" does not satisfy its constraint
	// [{"tool":"read_file","args":{"path":{"glob":"/srv/acme/docs/**"}}}]
	// {"v":1,"chain":[{"component":"host","bound":[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]},{"component":"docs-guard","bound":[{"tool":"read_file","args":{"path":{"glob":"/srv/acme/docs/**"}}}]}]}
}
