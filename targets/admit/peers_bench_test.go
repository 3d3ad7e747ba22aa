package admit_test

import (
	"github.com/bytedance/sonic"
	segjson "github.com/segmentio/encoding/json"
	"github.com/valyala/fastjson"

	"github.com/canonfuzz/canonfuzz/internal/testdocs"
)

// scanPeers are the fastest general-purpose Go JSON validators, measured in
// BenchmarkScan beside admission on the same documents (issue 20). Each
// checks less than admission does; peer_behaviour_test.go records what.
// They are test-only dependencies: nothing outside _test.go imports them.
var scanPeers = []struct {
	name  string
	valid func([]byte) bool
}{
	// sonic's SIMD/JIT validator (amd64 and arm64 on Go below 1.28; other
	// platforms fall back to encoding/json).
	{"sonic", sonic.Valid},
	// segmentio/encoding's json.Valid, its own scanner (not the standard
	// library's).
	{"segmentio", segjson.Valid},
	// fastjson's validator: a parse that builds no values.
	{"fastjson", func(d []byte) bool { return fastjson.ValidateBytes(d) == nil }},
	// fastjson's Parser, reused as its documentation advises: a parse that
	// builds the value tree, which is what a fastjson user calls.
	{"fastjson-parser", func() func([]byte) bool {
		var p fastjson.Parser
		return func(d []byte) bool { _, err := p.ParseBytes(d); return err == nil }
	}()},
}

// scanDoc is one BenchmarkScan document: a testdocs shape at a size.
type scanDoc struct {
	name, shape string
	size        int
}

// scanDocs are BenchmarkScan's documents: every testdocs shape at 1 MiB and
// the numbers shape (a flat array of numbers) at 12 MB, the size of
// targets/jcs's array12MB payload.
var scanDocs = func() []scanDoc {
	var docs []scanDoc
	for _, s := range testdocs.Shapes {
		docs = append(docs, scanDoc{s, s, 1 << 20})
	}
	return append(docs, scanDoc{"array12MB", "numbers", 12_000_000})
}()
