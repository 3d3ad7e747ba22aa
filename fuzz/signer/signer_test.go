package signer

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/spec"
	"github.com/canonfuzz/canonfuzz/minimize"
)

func sign(t *testing.T, target string, outcome bool, input string) minimize.Signature {
	t.Helper()
	s, err := For(target, outcome)
	if err != nil {
		t.Fatal(err)
	}
	return minimize.Sign(s, []byte(input))
}

func TestOutcomeSignatures(t *testing.T) {
	for _, c := range []struct {
		target, in string
		want       minimize.Signature
	}{
		{"admit", `{"a":1,"\u0061":2}`, "admit:DuplicateMember"},
		{"admit", `[1,]`, "admit:Syntax"},
		{"admit", `{"a":[1]}`, "admit:admitted"},
		{"FuzzScanMatchesReference", `"\ud800"`, "admit:StringNotScalar"},
		{"jcs", `[1,]`, "jcs:refused:Syntax"},
		{"jcs", `{"b":1,"a":2}`, "jcs:canonical:d3626ac30a87e6f7"}, // sha256 of {"a":2,"b":1}
		{"bound", `{"v":1,"chain":[]}`, "bound:effbound:empty"},
		{"bound", `{"v":1,"chain":[{"component":"g","bound":[{"tool":"t"}]}]}`, "bound:effbound:nonempty"},
		{"bound", `{"v":1,"chain":[{"component":"g","bound":[{"tool":"t"},{"tool":1}]}]}`, "bound:malformed:/chain/N/bound/N/tool:tool must be a string, not number"},
		{"bound", `{"v":1,"v":1}`, "bound:malformed::admit:DuplicateMember"},
	} {
		if got := sign(t, c.target, true, c.in); got != c.want {
			t.Errorf("%s outcome of %s = %q, want %q", c.target, c.in, got, c.want)
		}
	}
	// The canonical hash names the canonical form, not the input.
	if a, b := sign(t, "jcs", true, `{"b":1,"a":2}`), sign(t, "jcs", true, `{ "a" : 2.0, "b" : 1 }`); a != b {
		t.Errorf("one canonical form, two signatures: %s, %s", a, b)
	}
}

// The failure signers pass inputs on which the targets keep their
// properties, including the refusals and the pinned I-JSON gap.
func TestFailureSignersPassSoundInputs(t *testing.T) {
	for _, c := range []struct{ target, in string }{
		{"admit", `{"a":1,"a":2}`},
		{"admit", `[1e999, "\ud800"]`},
		{"admit", "\xef\xbb\xbf{}"},
		{"jcs", `{"b":[1.0,-0,1e21],"a":"\u00e9"}`},
		{"jcs", `10000000000000000.1`}, // refused under I-JSON: its double is an integer past 2^53
		{"jcs", `{"a":1,"a":2}`},
		{"bound", `{"v":1,"chain":[{"component":"a","bound":[{"tool":"t","args":{"p":{"prefix":"/srv/"}}}]},{"component":"b","bound":[{"tool":"t","args":{"p":{"glob":"/srv/*.txt"}}}]}]}`},
		{"bound", `not a chain`},
	} {
		if got := sign(t, c.target, false, c.in); got != minimize.Pass {
			t.Errorf("%s failure signature of %s = %q, want Pass", c.target, c.in, got)
		}
	}
}

func TestForRefusesWhatItCannotReplay(t *testing.T) {
	for _, c := range []struct {
		name    string
		outcome bool
		want    error
	}{
		{"FuzzSumMatchesCanonicalize", true, ErrNoOutcome},
		{"FuzzMeetExact", true, ErrNoOutcome},
		{"jsonnet", false, ErrUnknownTarget},
		{"FuzzNothing", false, ErrUnknownTarget},
	} {
		_, err := For(c.name, c.outcome)
		var te *TargetError
		if !errors.Is(err, c.want) || !errors.As(err, &te) || te.Reason == "" {
			t.Errorf("For(%s, %v) = %v, want %v", c.name, c.outcome, err, c.want)
		}
	}
	// Every name resolves in failure mode, and a fuzz target files its
	// vectors under its area; every fuzz target of the registry is a name.
	for _, name := range Names() {
		s, err := For(name, false)
		if err != nil || s.Short == "" {
			t.Errorf("%s: %+v, %v", name, s, err)
			continue
		}
		if strings.HasPrefix(name, "Fuzz") == (s.Short == name) || strings.HasPrefix(name, "Fuzz") != (s.Fuzz != nil) {
			t.Errorf("%s maps to %s", name, s.Short)
		}
	}
	for _, ft := range spec.Targets() {
		if !slices.Contains(Names(), ft.Name) {
			t.Errorf("%s is not a name", ft.Name)
		}
	}
}

// A fuzz target of several arguments signs its arguments, and the bytes of
// a go-fuzz or libFuzzer crasher read as them; its vector payload is the
// `go test fuzz v1` text of the arguments, which reads back.
func TestArgumentsAndPayloads(t *testing.T) {
	s, err := For("FuzzGlobMatchesReference", false)
	if err != nil {
		t.Fatal(err)
	}
	values, err := s.Values([]any{[]byte("a*\x00ab")})
	if err != nil || len(values) != 2 || values[0] != "a*" || values[1] != "ab" {
		t.Fatalf("crasher bytes read as %v, %v", values, err)
	}
	if got := minimize.SignValues(s, values); got != minimize.Pass {
		t.Errorf("%v signs %s", values, got)
	}
	payload, err := s.Payload(values)
	if err != nil || !strings.HasPrefix(string(payload), "go test fuzz v1\n") {
		t.Fatalf("payload %q, %v", payload, err)
	}
	back, err := s.PayloadValues(payload)
	if err != nil || len(back) != 2 || back[0] != "a*" || back[1] != "ab" {
		t.Fatalf("payload read back as %v, %v", back, err)
	}
	if _, err := s.Values([]any{"a", "b", "c"}); err == nil {
		t.Error("three arguments fit a target of two")
	}
	one, _ := For("admit", false)
	if got, err := one.Values([]any{[]byte("[1]"), true}); err != nil || len(got) != 1 {
		t.Errorf("a short name read a native file's values as %v, %v", got, err)
	}
}

func TestGuardSignatures(t *testing.T) {
	call := func(path string) string {
		return `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"` + path + `"}}}`
	}
	for _, c := range []struct {
		in   string
		want minimize.Signature
	}{
		{call("/srv/a.txt"), "guard:forward"},
		{call("/etc/passwd"), "guard:answer:guard: outside the conferred bound"},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, "guard:relay"},
		{`{"jsonrpc":"2.0","id":1,"id":2,"method":"tools/list"}`, "guard:answer:guard: message not admitted:admit:DuplicateMember"},
		{`[` + call("/srv/a") + `]`, "guard:answer:guard: batches are not relayed"},
	} {
		if got := sign(t, "guard", true, c.in); got != c.want {
			t.Errorf("guard outcome of %s = %q, want %q", c.in, got, c.want)
		}
		if got := sign(t, "FuzzDecide", false, c.in); got != minimize.Pass {
			t.Errorf("guard failure signature of %s = %q, want Pass", c.in, got)
		}
	}
}

func TestDigestSignatures(t *testing.T) {
	for _, c := range []struct {
		in   string
		want minimize.Signature
	}{
		{`{"method":"tools/call","name":"x","arguments":{"a":1,"a":2}}`, "digest:refused:DuplicateMember"},
		{`{"method":"tools/list","name":"x","arguments":{}}`, "digest:NotToolsCall:/method"},
		{`[1]`, "digest:NotObject:"},
	} {
		if got := sign(t, "digest", true, c.in); got != c.want {
			t.Errorf("digest outcome of %s = %q, want %q", c.in, got, c.want)
		}
	}
	// One invocation, one signature, whichever form carries it.
	plain := sign(t, "digest", true, `{"method":"tools/call","name":"x","arguments":{"b":1,"a":2}}`)
	rpc := sign(t, "digest", true, `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"x","arguments":{"a":2.0,"b":1}}}`)
	if plain != rpc || !strings.HasPrefix(string(plain), "digest:sum:") {
		t.Errorf("plain %s, JSON-RPC %s", plain, rpc)
	}
	for _, in := range []string{`{"method":"tools/call","name":"x","arguments":{"a":[1,{"b":null}]}}`, `{"a":1,"a":2}`, `"x"`} {
		if got := sign(t, "FuzzParseNeverPanics", false, in); got != minimize.Pass {
			t.Errorf("digest failure signature of %s = %q, want Pass", in, got)
		}
	}
}

// The oracles' departures from jcs that fuzz/ pins, as failure signatures.
func TestOracleSignatures(t *testing.T) {
	for _, c := range []struct {
		target, in string
		want       minimize.Signature
	}{
		{"cyberphone", `[01]`, "cyberphone:admits:Syntax"},
		{"jsontext", `[1e400]`, "jsontext:admits:NumberNotFinite"},
		{"gowebpki", `{"b":1,"a":[1.0,"\u00e9"]}`, minimize.Pass},
		{"cyberphone", `{"b":1,"a":[1.0,"\u00e9"]}`, minimize.Pass},
	} {
		if got := sign(t, c.target, false, c.in); got != c.want {
			t.Errorf("%s failure signature of %s = %q, want %q", c.target, c.in, got, c.want)
		}
	}
	if got := sign(t, "gowebpki", true, `[1,]`); got != "gowebpki:refused" {
		t.Errorf("gowebpki outcome of [1,] = %q", got)
	}
}
