package guard

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// Red-team pass 4 (docs/GUARD.md), class "a policy that names a NUL": a
// policy of `[{"tool":"read_file\u0000"}]` was accepted, and to a server
// reading C strings (cJSON) that rule is about read_file. Every string the
// policy format has (SEP-3246 section 3: a rule's tool, an argument name,
// eq and in values as deep as they go with their member names, prefix and
// glob operands, and the same inside and) is now refused at load when it
// holds U+0000, as a *NULError with the JSON pointer of the string.
func TestCheckPolicyNULRefusesEveryString(t *testing.T) {
	for _, c := range []struct{ policy, pointer string }{
		{`[{"tool":"read_file\u0000"}]`, "/0/tool"},
		{`[{"tool":"\u0000"}]`, "/0/tool"},
		{`[{"tool":"read_file"},{"tool":"read_file\u0000x","args":{"path":{"prefix":"/srv/"}}}]`, "/1/tool"},
		{`[{"tool":"read_file","args":{"path\u0000":{"prefix":"/srv/"}}}]`, "/0/args/path\x00"},
		{`[{"tool":"read_file","args":{"a":{"eq":1},"path":{"eq":"/srv/a\u0000"}}}]`, "/0/args/path/eq"},
		{`[{"tool":"read_file","args":{"path":{"eq":["x",{"k":"v\u0000"}]}}}]`, "/0/args/path/eq/1/k"},
		{`[{"tool":"read_file","args":{"path":{"eq":{"k\u0000":1}}}}]`, "/0/args/path/eq/k\x00"},
		{`[{"tool":"create_issue","args":{"repo":{"in":["acme/app","acme/docs\u0000"]}}}]`, "/0/args/repo/in/1"},
		{`[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme\u0000/"}}}]`, "/0/args/path/prefix"},
		{`[{"tool":"read_file","args":{"path":{"glob":"*.txt\u0000"}}}]`, "/0/args/path/glob"},
		{`[{"tool":"read_file","args":{"path":{"and":[{"prefix":"/srv/"},{"and":[{"glob":"/srv/\u0000*"}]}]}}}]`, "/0/args/path/and/1/and/0/glob"},
		{`[{"tool":"read_file","args":{"a/b\u0000":{"eq":1}}}]`, "/0/args/a~1b\x00"},
	} {
		b, err := bound.ParseBound([]byte(c.policy))
		if err != nil {
			t.Fatalf("%s: %v", c.policy, err)
		}
		err = CheckPolicyNUL(b)
		var ne *NULError
		if !errors.Is(err, ErrNULInConfig) || !errors.Is(err, ErrConfig) || !errors.As(err, &ne) || ne.Pointer != c.pointer {
			t.Errorf("%s: %v, want a *NULError at %q", c.policy, err, c.pointer)
		}
	}
	for _, policy := range []string{
		`[{"tool":"read_file","args":{"path":{"prefix":"/srv/"}}}]`,
		`[{"tool":"read_file\\u0000"}]`, // a backslash, then u0000
		`[{"tool":"read_file\u0001","args":{"path":{"eq":"\u0001"}}}]`,
		`[]`,
	} {
		b, err := bound.ParseBound([]byte(policy))
		if err != nil {
			t.Fatalf("%s: %v", policy, err)
		}
		if err := CheckPolicyNUL(b); err != nil {
			t.Errorf("%s: %v, want accepted", policy, err)
		}
	}
}

// The tools file: a tool's name, a property name of its inputSchema and
// its format are refused holding U+0000, with their pointers; what the
// guard does not read (a description) is not checked.
func TestCheckToolsNULRefusesTheNamesItReads(t *testing.T) {
	for _, c := range []struct{ tools, pointer string }{
		{`{"tools":[{"name":"read_file\u0000","inputSchema":{"properties":{"path":{"format":"path"}}}}]}`, "/tools/0/name"},
		{`{"result":{"tools":[{"name":"a"},{"name":"read_file","inputSchema":{"properties":{"path\u0000":{"format":"path"}}}}]}}`, "/result/tools/1/inputSchema/properties/path\x00"},
		{`{"tools":[{"name":"read_file","inputSchema":{"properties":{"path":{"format":"path\u0000"}}}}]}`, "/tools/0/inputSchema/properties/path/format"},
	} {
		if _, err := bound.ParseTools([]byte(c.tools)); err != nil {
			t.Fatalf("%s: %v", c.tools, err)
		}
		v, _ := bound.ParseValue([]byte(c.tools))
		err := CheckToolsNUL(v)
		var ne *NULError
		if !errors.As(err, &ne) || ne.Pointer != c.pointer {
			t.Errorf("%s: %v, want a *NULError at %q", c.tools, err, c.pointer)
		}
	}
	v, _ := bound.ParseValue([]byte(`{"tools":[{"name":"read_file","description":"a\u0000b","inputSchema":{"properties":{"path":{"format":"path","description":"\u0000"}}}}]}`))
	if err := CheckToolsNUL(v); err != nil {
		t.Errorf("a NUL in a description: %v, want accepted", err)
	}
}

// A Proxy whose policy or schemas name a NUL does not start: Run refuses
// it before the server runs (the server would touch its marker).
func TestProxyRefusesAConfigurationNamingANUL(t *testing.T) {
	nulPolicy, err := bound.ParseBound([]byte(`[{"tool":"read_file\u0000"}]`))
	if err != nil {
		t.Fatal(err)
	}
	for name, set := range map[string]func(*Proxy){
		"policy": func(p *Proxy) { p.Config.Policy = nulPolicy },
		"schemas": func(p *Proxy) {
			p.Config.Canon.Schemas = bound.Schemas{"read_file": {"path\x00": bound.ModeHierarchical}}
		},
	} {
		marker := filepath.Join(t.TempDir(), "started")
		p := shServer(t, "touch '"+marker+"'; cat")
		set(p)
		_, err := p.Run(strings.NewReader(""), io.Discard)
		if _, serr := os.Stat(marker); serr == nil || !errors.Is(err, ErrNULInConfig) {
			t.Errorf("%s naming a NUL: Run %v, the server started %v; want a *NULError and no server", name, err, serr == nil)
		}
	}
}
