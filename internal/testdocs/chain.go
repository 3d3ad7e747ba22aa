package testdocs

import "strings"

// Chain is a provenance object of SEP-3246 section 2.2,
// {"v":1,"chain":[...]}, of hops hops of rules rules each, for the tests
// that reduce large ones: hop h is {"component":component(h),"bound":[...]}
// with rule(h, r) as its rule r, both written as they are given (JSON text).
func Chain(hops, rules int, component func(h int) string, rule func(h, r int) string) []byte {
	var b strings.Builder
	b.WriteString(`{"v":1,"chain":[`)
	for h := range hops {
		if h > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"component":` + component(h) + `,"bound":[`)
		for r := range rules {
			if r > 0 {
				b.WriteByte(',')
			}
			b.WriteString(rule(h, r))
		}
		b.WriteString(`]}`)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}
