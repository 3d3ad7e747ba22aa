package digest

import (
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"reflect"
	"strings"
	"testing"

	cyberphone "github.com/cyberphone/json-canonicalization/go/src/webpki.org/jsoncanonicalizer"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

var ijson = admit.Options{Profile: admit.IJSON}

// wrap builds the seed's invocation object around an arguments text.
func wrap(arguments string) []byte {
	return []byte(`{"method":"tools/call","name":"read_file","arguments":` + arguments + `}`)
}

// outcome is a digest's string form or the kind of the refusal.
func outcome(t *testing.T, request []byte, opts admit.Options) string {
	t.Helper()
	d, err := Sum(request, opts)
	var ae *admit.Error
	switch {
	case errors.As(err, &ae):
		return string(ae.Kind)
	case err != nil:
		t.Fatalf("Sum(%s): %v", request, err)
	}
	return d.String()
}

func TestSeedVectors(t *testing.T) {
	vs := loadVectors(t, seedVectorDir)
	if len(vs) != 13 {
		t.Fatalf("%d vectors, want the seed's 13", len(vs))
	}
	for _, v := range vs {
		if got := outcome(t, wrap(v.arguments), admit.Options{}); got != v.rfc8785 {
			t.Errorf("%s, rfc8785: %s, want %s", v.file, got, v.rfc8785)
		}
		if got := outcome(t, wrap(v.arguments), ijson); got != v.ijson {
			t.Errorf("%s, ijson: %s, want %s", v.file, got, v.ijson)
		}
	}
}

// TestSeedVectorRelations states the seed's findings as relations between
// rows, so that they hold whatever the digests are.
func TestSeedVectorRelations(t *testing.T) {
	byName := map[string]string{}
	for _, v := range loadVectors(t, seedVectorDir) {
		byName[v.name] = v.rfc8785
	}
	d := func(name string) string {
		if byName[name] == "" {
			t.Fatalf("no vector named %q", name)
		}
		return byName[name]
	}
	same := [][2]string{
		{"key order A", "key order B"},
		{"number 1", "number 1.0"}, {"number 1", "number 1e0"},
		{"escape \\u00e9", "literal é (U+00E9)"},
		{"id 2^53", "id 2^53 + 1"}, // RFC 8785 reads a double: the collision the seed reports
	}
	for _, p := range same {
		if d(p[0]) != d(p[1]) {
			t.Errorf("%s and %s differ, want one digest", p[0], p[1])
		}
	}
	differ := [][2]string{
		{"literal é (U+00E9)", "decomposed e + U+0301"}, // no Unicode normalization
		{"id 2^53", "id 2^53 + 2"},
		{"key order A", "single key {a:2}"},
	}
	for _, p := range differ {
		if d(p[0]) == d(p[1]) {
			t.Errorf("%s and %s share a digest, want two", p[0], p[1])
		}
	}
	if d("duplicate keys {a:1,a:2}") != string(admit.DuplicateMember) {
		t.Errorf("the duplicate row is not refused")
	}
}

// TestSeedVectorsMatchCyberphone recomputes every admitted row through the
// RFC 8785 author's Go canonicalizer, from the same wrapper text.
func TestSeedVectorsMatchCyberphone(t *testing.T) {
	for _, v := range loadVectors(t, seedVectorDir) {
		want := v.rfc8785
		if want == string(admit.DuplicateMember) {
			continue // cyberphone keeps a value; we refuse: TestSeedVectorRelations
		}
		canon, err := cyberphone.Transform(wrap(v.arguments))
		if err != nil {
			t.Fatalf("%s: cyberphone: %v", v.name, err)
		}
		sum := sha256.Sum256(canon)
		if got := base64.RawURLEncoding.EncodeToString(sum[:]); got != want {
			t.Errorf("%s: cyberphone route gives %s, we give %s", v.name, got, want)
		}
	}
}

func TestJSONRPCFormHasThePlainFormsDigest(t *testing.T) {
	plain := outcome(t, wrap(`{"path":"/etc/hosts","n":1}`), admit.Options{})
	for _, req := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/hosts","n":1}}}`,
		`{"params":{"arguments":{"n":1.0,"path":"\/etc\/hosts"},"name":"read_file","_meta":{"progressToken":7}},"method":"tools/call","id":"x","jsonrpc":"2.0"}`,
		" {\n \"jsonrpc\" : \"2.0\" , \"method\" : \"tools\\/call\" , \"params\" : { \"\\u006eame\" : \"read_\\u0066ile\" , \"arguments\" : { \"n\" : 1e0 , \"path\" : \"/etc/hosts\" } } } ",
		`{"name":"read_file","arguments":{"path":"/etc/hosts","n":1},"method":"tools/call"}`,
	} {
		if got := outcome(t, []byte(req), admit.Options{}); got != plain {
			t.Errorf("Sum(%s) = %s, want the plain form's %s", req, got, plain)
		}
	}
}

func TestAppendCanonicalIsJCS(t *testing.T) {
	req := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"r\u00e9ad","arguments":{"b":[1.50,{"d":1,"c":2}],"a":"\u0041"}}}`)
	inv, err := Parse(req, admit.Options{})
	if err != nil {
		t.Fatal(err)
	}
	got, err := inv.AppendCanonical([]byte("x"), admit.Options{})
	want := `x{"arguments":{"a":"A","b":[1.5,{"c":2,"d":1}]},"method":"tools/call","name":"réad"}`
	if err != nil || string(got) != want {
		t.Fatalf("AppendCanonical = %s, %v; want %s", got, err, want)
	}
	if !jcs.IsCanonical(got[1:]) {
		t.Errorf("AppendCanonical gave non-canonical %s", got[1:])
	}
	d, err := Sum(req, admit.Options{})
	if err != nil || d != sha256.Sum256(got[1:]) {
		t.Errorf("Sum = %s, %v; want the SHA-256 of %s", d, err, got[1:])
	}
}

func TestRefusedRequests(t *testing.T) {
	for _, c := range []struct {
		request string
		kind    Kind
		pointer string
		at      string // the request's prefix before the reported offset
	}{
		{`[]`, NotObject, "", ``},
		{`"tools/call"`, NotObject, "", ``},
		{`{"jsonrpc":"1.0","method":"tools/call","params":{}}`, NotJSONRPC, "/jsonrpc", `{"jsonrpc":`},
		{`{"jsonrpc":2,"method":"tools/call","params":{}}`, NotJSONRPC, "/jsonrpc", `{"jsonrpc":`},
		{`{"jsonrpc":"2.0","method":"tools/list","params":{}}`, NotToolsCall, "/method", `{"jsonrpc":"2.0","method":`},
		{`{"jsonrpc":"2.0","method":"Tools/call","params":{}}`, NotToolsCall, "/method", `{"jsonrpc":"2.0","method":`},
		{`{"jsonrpc":"2.0","method":["tools/call"],"params":{}}`, WrongType, "/method", `{"jsonrpc":"2.0","method":`},
		{`{"jsonrpc":"2.0","params":{}}`, MissingMember, "/method", ``},
		{`{"jsonrpc":"2.0","method":"tools/call"}`, MissingMember, "/params", ``},
		{`{"jsonrpc":"2.0","method":"tools/call","params":[]}`, WrongType, "/params", `{"jsonrpc":"2.0","method":"tools/call","params":`},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"arguments":{}}}`, MissingMember, "/params/name", `{"jsonrpc":"2.0","method":"tools/call","params":`},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"name":1,"arguments":{}}}`, WrongType, "/params/name", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":`},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x"}}`, MissingMember, "/params/arguments", `{"jsonrpc":"2.0","method":"tools/call","params":`},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x","arguments":[1]}}`, WrongType, "/params/arguments", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x","arguments":`},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x","arguments":null}}`, WrongType, "/params/arguments", `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x","arguments":`},
		{`{"method":"tools/call","name":"x","arguments":{},"id":1}`, UnexpectedMember, "", `{"method":"tools/call","name":"x","arguments":{},`},
		{`{"method":"tools/call","name":"x","arguments":{},"params":{}}`, UnexpectedMember, "", `{"method":"tools/call","name":"x","arguments":{},`},
		{`{"method":"run","name":"x","arguments":{}}`, NotToolsCall, "/method", `{"method":`},
		{`{"name":"x","arguments":{}}`, MissingMember, "/method", ``},
		{`{"method":"tools/call","arguments":{}}`, MissingMember, "/name", ``},
		{`{}`, MissingMember, "/method", ``},
	} {
		_, err := Sum([]byte(c.request), admit.Options{})
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, c.kind) || e.Pointer != c.pointer || e.Offset != int64(len(c.at)) {
			t.Errorf("Sum(%s) = %v; want %s at %q, byte %d", c.request, err, c.kind, c.pointer, len(c.at))
		}
	}
}

// TestAdmissionCoversTheWholeRequest checks that a fault anywhere in the
// request, also outside what the digest covers, is admit.Scan's refusal,
// unchanged.
func TestAdmissionCoversTheWholeRequest(t *testing.T) {
	for _, c := range []struct {
		request string
		opts    admit.Options
		kind    admit.Kind
	}{
		{`{"jsonrpc":"2.0","id":1,"id":2,"method":"tools/call","params":{"name":"x","arguments":{}}}`, admit.Options{}, admit.DuplicateMember},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x","name":"y","arguments":{}}}`, admit.Options{}, admit.DuplicateMember},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x","arguments":{"a":{"b":1,"b":2}}}}`, admit.Options{}, admit.DuplicateMember},
		{`{"method":"tools/call","method":"tools/call","name":"x","arguments":{}}`, admit.Options{}, admit.DuplicateMember},
		{`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"x","arguments":{},"_meta":{"t":"\ud800"}}}`, admit.Options{}, admit.StringNotScalar},
		{`{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/call","params":{"name":"x","arguments":{}}}`, ijson, admit.UnsafeInteger},
		{`{"method":"tools/call","name":"x","arguments":{}} x`, admit.Options{}, admit.TrailingContent},
		{`{"method":"tools/call","name":"x","arguments":{"deep":` + strings.Repeat("[", 200) + strings.Repeat("]", 200) + `}}`, admit.Options{}, admit.TooDeep},
	} {
		_, err := Sum([]byte(c.request), c.opts)
		if want := admit.Scan([]byte(c.request), c.opts); !errors.Is(err, c.kind) || !reflect.DeepEqual(err, want) {
			t.Errorf("Sum(%.80s) = %v; want admit.Scan's %v", c.request, err, want)
		}
	}
}

func TestDigestString(t *testing.T) {
	var d Digest
	d[0], d[31] = 0xfb, 0xff // bytes whose base64 is '-' and '_' in the URL alphabet
	if got := d.String(); got != "-wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP8" || strings.ContainsAny(got, "+/=") {
		t.Errorf("Digest.String() = %s", got)
	}
}

// TestWhatEachProfileCollapses pins the package documentation's Profiles
// section: which distinct arguments share a digest under each profile.
func TestWhatEachProfileCollapses(t *testing.T) {
	for _, c := range []struct {
		a, b          string
		rfc8785, ijsn string // "same", "differ", or the admit kind refusing b
	}{
		{`{"id":9007199254740992}`, `{"id":9007199254740993}`, "same", "UnsafeInteger"},
		{`{"x":0.1}`, `{"x":0.10000000000000000555}`, "same", "same"},
		{`{"x":10000000000000000.1}`, `{"x":10000000000000000}`, "same", "UnsafeInteger"},
		{`{"x":1}`, `{"x":2}`, "differ", "differ"},
	} {
		for _, p := range []struct {
			opts admit.Options
			want string
		}{{admit.Options{}, c.rfc8785}, {ijson, c.ijsn}} {
			a, b := outcome(t, wrap(c.a), p.opts), outcome(t, wrap(c.b), p.opts)
			got := "differ"
			switch {
			case len(b) != 43:
				got = b
			case a == b:
				got = "same"
			}
			if got != p.want {
				t.Errorf("%s vs %s under %v: %s, want %s", c.a, c.b, p.opts.Profile, got, p.want)
			}
		}
	}
}
