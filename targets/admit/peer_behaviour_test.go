package admit_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// peerCheck is one of admission's checks (the grammar's among them), an input that only that check
// refuses, and which peers accept the input anyway: the checks a faster
// peer skips (issue 20). The table documents the peers' behaviour and fails
// the day a peer starts (or stops) making a check, so docs/PERFORMANCE.md's
// "what each peer skips" table can be trusted.
type peerCheck struct {
	check   string
	input   string
	profile admit.Profile // the profile under which admission refuses input
	want    admit.Kind    // admission's refusal
	accepts []string      // the peers that accept input: they skip the check
}

// depthPastCap is DefaultMaxDepth+1 nested arrays.
var depthPastCap = strings.Repeat("[", admit.DefaultMaxDepth+1) + strings.Repeat("]", admit.DefaultMaxDepth+1)

// sizePastCap is a valid string one byte longer than DefaultMaxSize.
var sizePastCap = `"` + strings.Repeat("a", admit.DefaultMaxSize-1) + `"`

var peerChecks = []peerCheck{
	{"duplicate names", `{"a":1,"a":2}`, admit.RFC8785, admit.DuplicateMember,
		[]string{"encoding-json", "sonic", "segmentio", "fastjson", "fastjson-parser"}},
	{"duplicate names, one escaped", `{"a":1,"\u0061":2}`, admit.RFC8785, admit.DuplicateMember,
		[]string{"encoding-json", "sonic", "segmentio", "fastjson", "fastjson-parser"}},
	{"escape syntax", `"\x"`, admit.RFC8785, admit.Syntax, []string{"sonic", "fastjson-parser"}},
	{"\\u escape syntax", `"\u12G4"`, admit.RFC8785, admit.Syntax, []string{"sonic", "fastjson-parser"}},
	{"raw control character", "\"\x01\"", admit.RFC8785, admit.StringNotScalar, []string{"sonic", "fastjson-parser"}},
	{"number leading zero", `01`, admit.RFC8785, admit.Syntax, []string{"fastjson-parser"}},
	{"number without fraction digits", `[1.]`, admit.RFC8785, admit.Syntax, []string{"fastjson-parser"}},
	{"number without exponent digits", `[1e]`, admit.RFC8785, admit.Syntax, []string{"fastjson-parser"}},
	{"trailing comma", `[1,]`, admit.RFC8785, admit.Syntax, nil},
	{"missing colon", `{"a" 1}`, admit.RFC8785, admit.Syntax, nil},
	{"lone high surrogate escape", `"\ud800"`, admit.RFC8785, admit.StringNotScalar,
		[]string{"encoding-json", "sonic", "segmentio", "fastjson", "fastjson-parser"}},
	{"lone low surrogate escape", `"\udc00x"`, admit.RFC8785, admit.StringNotScalar,
		[]string{"encoding-json", "sonic", "segmentio", "fastjson", "fastjson-parser"}},
	{"invalid UTF-8 byte", "\"\xff\"", admit.RFC8785, admit.StringNotScalar,
		[]string{"encoding-json", "sonic", "segmentio", "fastjson", "fastjson-parser"}},
	{"UTF-8-encoded surrogate", "\"\xed\xa0\x80\"", admit.RFC8785, admit.StringNotScalar,
		[]string{"encoding-json", "sonic", "segmentio", "fastjson", "fastjson-parser"}},
	{"depth past the cap", depthPastCap, admit.RFC8785, admit.TooDeep,
		[]string{"jsontext", "encoding-json", "sonic", "segmentio", "fastjson", "fastjson-parser"}},
	{"size past the cap", sizePastCap, admit.RFC8785, admit.TooLarge,
		[]string{"jsontext", "encoding-json", "sonic", "segmentio", "fastjson", "fastjson-parser"}},
	{"number past the doubles", `1e400`, admit.RFC8785, admit.NumberNotFinite,
		[]string{"jsontext", "encoding-json", "sonic", "segmentio", "fastjson", "fastjson-parser"}},
	{"I-JSON integer range", `9007199254740993`, admit.IJSON, admit.UnsafeInteger,
		[]string{"jsontext", "encoding-json", "sonic", "segmentio", "fastjson", "fastjson-parser"}},
	{"noncharacter escape", `"\ufdd0"`, admit.IJSON, admit.Noncharacter,
		[]string{"jsontext", "encoding-json", "sonic", "segmentio", "fastjson", "fastjson-parser"}},
	{"noncharacter in UTF-8", "\"\xef\xbf\xbe\"", admit.IJSON, admit.Noncharacter,
		[]string{"jsontext", "encoding-json", "sonic", "segmentio", "fastjson", "fastjson-parser"}},
	{"trailing value", `{} {}`, admit.RFC8785, admit.TrailingContent, nil},
	{"trailing byte", `[1]x`, admit.RFC8785, admit.TrailingContent, nil},
}

// behaviourPeers are BenchmarkScan's validators other than admission.
var behaviourPeers = append([]struct {
	name  string
	valid func([]byte) bool
}{
	{"jsontext", func(d []byte) bool { return jsontext.Value(d).IsValid() }},
	{"encoding-json", json.Valid},
}, scanPeers...)

func TestPeerSkippedChecks(t *testing.T) {
	for _, c := range peerChecks {
		input := []byte(c.input)
		if err := admit.Scan(input, admit.Options{Profile: c.profile}); !errors.Is(err, c.want) {
			t.Errorf("%s: admission returns %v, want %s", c.check, err, c.want)
		}
		for _, p := range behaviourPeers {
			want := false
			for _, a := range c.accepts {
				want = want || a == p.name
			}
			if got := p.valid(input); got != want {
				t.Errorf("%s: %s accepts = %t, want %t", c.check, p.name, got, want)
			}
		}
	}
}
