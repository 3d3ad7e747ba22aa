package guard

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// The answer of SEP-3246 section 4.3, byte for byte as the guard writes it,
// for the confused deputy of Appendix A.1 stage 3.
func TestDecideAnswerBytes(t *testing.T) {
	msg := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"create_issue","arguments":{"repo":"acme/docs"},` +
		`"_meta":{"io.noescalation/provenance":{"v":1,"chain":[` +
		`{"component":"host","bound":[{"tool":"create_issue","args":{"repo":{"in":["acme/app","acme/docs"]}}}]},` +
		`{"component":"planner","bound":[{"tool":"create_issue","args":{"repo":{"eq":"acme/app"}}}]}]}}}}`
	d := Decide([]byte(msg), vectorConfig(t, Originate, Enforce))
	want := `{"jsonrpc":"2.0","id":7,"error":{"code":-32001,"message":"io.noescalation: 'create_issue' with these arguments is outside the conferred bound",` +
		`"data":{"tool":"create_issue","arguments":{"repo":"acme/docs"}}}}`
	if d.Action != Answer || string(d.Message) != want {
		t.Fatalf("got %v %s\nwant %s", d.Action, d.Message, want)
	}
	if !errors.Is(d.Refusal, ErrOutsideBound) || d.Refusal.Reason == "" {
		t.Errorf("refusal %v, want ErrOutsideBound with a reason", d.Refusal)
	}
}

// A forward is the client's message with the provenance value set to the
// extended chain and nothing else changed: member order, whitespace and
// escapes stay as written (section 4.2 relays unchanged what it does not
// check, and what it checks is read from these bytes), the chain is
// targets/bound's serialization, inserted first in _meta (and _meta first
// in params) when absent, and a forward is a function of its input.
func TestDecideRewriteSplicesProvenance(t *testing.T) {
	chain := `{"v":1,"chain":[{"component":"guard","bound":[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}},` +
		`{"tool":"create_issue","args":{"repo":{"in":["acme/app","acme/docs"]}}}]}]}`
	cfg := vectorConfig(t, Originate, Enforce)
	for _, c := range []struct{ in, want string }{
		{`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/README","head":10}}}`,
			`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"_meta":{"io.noescalation/provenance":` + chain +
				`},"name":"read_file","arguments":{"path":"/srv/acme/README","head":10}}}`},
		{"{ \"params\" : {\"arguments\":{\"head\":10, \"path\":\"\\/srv\\/acme\\/READM\\u0045\"},\"name\":\"read_file\", \"_meta\":{}},\n \"method\":\"tools/call\",\"id\":7,\"jsonrpc\":\"2.0\"}",
			"{ \"params\" : {\"arguments\":{\"head\":10, \"path\":\"\\/srv\\/acme\\/READM\\u0045\"},\"name\":\"read_file\", \"_meta\":{\"io.noescalation/provenance\":" +
				chain + "}},  \"method\":\"tools/call\",\"id\":7,\"jsonrpc\":\"2.0\"}"},
		{`{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"_meta":{"progressToken":1,"io.noescalation/provenance":{"v":1,"chain":[],"sig":"s"}}, "name":"read_file"}}`,
			""},
		{`{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"_meta":{"progressToken":1},"name":"read_file","arguments":{"path":"/srv/acme/a"}}}`,
			`{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"_meta":{"io.noescalation/provenance":` + chain +
				`,"progressToken":1},"name":"read_file","arguments":{"path":"/srv/acme/a"}}}`},
	} {
		d := Decide([]byte(c.in), cfg)
		if c.want == "" {
			if d.Action != Answer {
				t.Errorf("%s: %v, want an answer", c.in, d.Action)
			}
			continue
		}
		if d.Action != Forward || string(d.Message) != c.want {
			t.Errorf("%s:\n%v %s\nwant\n%s", c.in, d.Action, d.Message, c.want)
		}
		if again := Decide([]byte(c.in), cfg); !bytes.Equal(again.Message, d.Message) {
			t.Errorf("the same input forwarded differently")
		}
	}
}

// Other _meta keys and other params members pass through the rewrite.
func TestDecideRewriteKeepsMeta(t *testing.T) {
	msg := `{"jsonrpc":"2.0","id":"x","method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"},` +
		`"_meta":{"progressToken":3,"traceparent":"00-abc"},"task":{"ttl":5}}}`
	d := Decide([]byte(msg), vectorConfig(t, Originate, Enforce))
	if d.Action != Forward {
		t.Fatalf("%v", d.Refusal)
	}
	v, _ := bound.ParseValue(d.Message)
	for _, path := range [][]string{{"params", "_meta", "progressToken"}, {"params", "_meta", "traceparent"}, {"params", "task", "ttl"}} {
		if marshalAt(v, path...) == "<absent>" {
			t.Errorf("%v lost in %s", path, d.Message)
		}
	}
}

// There is no default disposition: a Config without one does not validate,
// and Decide under it forwards and relays nothing.
func TestDecideNoDefaultDisposition(t *testing.T) {
	cfg := vectorConfig(t, 0, Enforce)
	if err := cfg.Validate(); !errors.Is(err, ErrConfig) {
		t.Fatalf("Validate: %v, want ErrConfig", err)
	}
	if _, err := ParseDisposition(""); !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), "must be given") {
		t.Errorf("ParseDisposition(\"\"): %v, want ErrConfig saying the disposition must be given", err)
	}
	if _, err := ParseDisposition("allow"); !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), `unknown absent-provenance disposition "allow"`) {
		t.Errorf("ParseDisposition(\"allow\"): %v", err)
	}
	for _, msg := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"}}}`,
	} {
		d := Decide([]byte(msg), cfg)
		if d.Action != Answer || !errors.Is(d.Refusal, ErrGuardConfig) || d.Refusal.Code != CodeInternalError {
			t.Errorf("%s under no disposition: %v %s", msg, d.Action, d.Message)
		}
	}
	for _, bad := range []Config{
		{Policy: bound.Bound{}, Absent: Originate},
		{Component: "g", Absent: Originate},
		{Component: "g", Policy: bound.Bound{}, Absent: Originate, Mode: 9},
	} {
		if err := bad.Validate(); !errors.Is(err, ErrConfig) {
			t.Errorf("%+v validated: %v", bad, err)
		}
	}
}

// Admission refusals: the class and code of each kind, and the
// admit fault in data.
func TestDecideAdmissionCodes(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	for _, c := range []struct {
		msg  string
		kind admit.Kind
		code int
	}{
		{`{"id":1,"method":"ping",}`, admit.Syntax, CodeParseError},
		{`{"id":1} {}`, admit.TrailingContent, CodeParseError},
		{`{"id":1,"id":2}`, admit.DuplicateMember, CodeInvalidRequest},
		{`{"id":"\udc00"}`, admit.StringNotScalar, CodeInvalidRequest},
		{"{\"id\":\"\xff\"}", admit.StringNotScalar, CodeInvalidRequest},
		{`{"id":1e999}`, admit.NumberNotFinite, CodeInvalidRequest},
	} {
		d := Decide([]byte(c.msg), cfg)
		var ae *admit.Error
		if d.Action != Answer || !errors.Is(d.Refusal, ErrNotAdmitted) || !errors.As(d.Refusal, &ae) || ae.Kind != c.kind || d.Refusal.Code != c.code {
			t.Errorf("%q: %v %v, want %s with code %d", c.msg, d.Action, d.Refusal, c.kind, c.code)
			continue
		}
		var resp struct {
			ID    *json.RawMessage
			Error struct {
				Code int
				Data struct {
					Kind   string
					Offset int64
				}
			}
		}
		if err := json.Unmarshal(d.Message, &resp); err != nil || resp.ID != nil || resp.Error.Code != c.code || resp.Error.Data.Kind != string(c.kind) || resp.Error.Data.Offset != ae.Offset {
			t.Errorf("%q: answer %s", c.msg, d.Message)
		}
	}
}

// A message exactly at the size cap is decided; one byte more is refused
// by admission.
func TestDecideSizeCap(t *testing.T) {
	if testing.Short() {
		t.Skip("20 MiB messages")
	}
	cfg := vectorConfig(t, Originate, Enforce)
	msg := capSizedPing(admit.DefaultMaxSize)
	if d := Decide(msg, cfg); d.Action != Relay || !bytes.Equal(d.Message, msg) {
		t.Fatalf("a message at the cap: %v %v", d.Action, d.Refusal)
	}
	msg = append(msg, ' ')
	if d := Decide(msg, cfg); d.Action != Answer || !errors.Is(d.Refusal, ErrTooLarge) {
		t.Errorf("a message one byte over the cap: %v %v", d.Action, d.Refusal)
	}
}

// capSizedPing is a ping request of exactly n bytes.
func capSizedPing(n int) []byte {
	head, tail := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":"`, `"}}`
	return []byte(head + strings.Repeat("a", n-len(head)-len(tail)) + tail)
}

// The schemas in Config.Canon decide how path arguments are read (section
// 3.2.2): "/srv/acme" is below the prefix "/srv/acme/" only as a path.
func TestDecideSchemas(t *testing.T) {
	msg := []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme"}}}`)
	cfg := vectorConfig(t, Originate, Enforce)
	if d := Decide(msg, cfg); d.Action != Answer {
		t.Errorf("no schema: %v", d.Action)
	}
	s, err := bound.ParseTools([]byte(`{"tools":[{"name":"read_file","inputSchema":{"properties":{"path":{"type":"string","format":"path"}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Canon.Schemas = s
	if d := Decide(msg, cfg); d.Action != Forward {
		t.Errorf("path schema: %v %v", d.Action, d.Refusal)
	}
}

// Audit mode: a violation is forwarded with its refusal, and the audit log
// gets one JSON line for it and none for an admitted call.
func TestAuditLog(t *testing.T) {
	cfg := vectorConfig(t, Originate, Audit)
	var buf bytes.Buffer
	log := NewAuditLog(&buf)
	log.now = func() time.Time { return time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC) }
	out := Decide([]byte(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}`), cfg)
	in := Decide([]byte(`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"}}}`), cfg)
	if out.Action != Forward || !out.Refusal.Violation() || in.Action != Forward || in.Refusal != nil {
		t.Fatalf("audit decisions: %v %v / %v %v", out.Action, out.Refusal, in.Action, in.Refusal)
	}
	for _, d := range []Decision{out, in} {
		if _, err := log.Record(d, cfg.Component); err != nil {
			t.Fatal(err)
		}
	}
	var rec AuditRecord
	if strings.Count(buf.String(), "\n") != 1 || json.Unmarshal(buf.Bytes(), &rec) != nil {
		t.Fatalf("audit log %q, want one line", buf.String())
	}
	if rec.Time != "2026-12-01T00:00:00Z" || rec.Component != "guard" || string(rec.ID) != "9" || rec.Tool != "read_file" ||
		string(rec.Arguments) != `{"path":"/etc/passwd"}` || rec.Violation != "outside-bound" || !rec.Forwarded || rec.Reason == "" {
		t.Errorf("audit record %+v", rec)
	}
}

// Decide never panics, and never lets through bytes admit.Scan refuses,
// over the vectors' messages cut at every byte.
func TestDecideTruncations(t *testing.T) {
	cfg := vectorConfig(t, Originate, Enforce)
	msg := []byte(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/\u00e9"},` +
		`"_meta":{"io.noescalation/provenance":{"v":1,"chain":[{"component":"host","bound":[{"tool":"read_file"}]}]}}}}`)
	for i := range len(msg) {
		d := Decide(msg[:i], cfg)
		if d.Action != Answer && admit.Scan(msg[:i], admit.Options{}) != nil {
			t.Fatalf("%q: %v of bytes admit refuses", msg[:i], d.Action)
		}
	}
}
