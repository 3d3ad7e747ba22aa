package guard

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/vecfile"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// Conformance vectors of guard decisions, one per file under
// testdata/vectors: header lines "name: value", a blank line, and the raw
// client message (one trailing newline is not part of it). Headers:
//
//	comment: free text (any number)
//	expect:  relay | forward | error CODE          (required)
//	id:      error only, required: the id the answer must carry, as JSON
//	absent:  originate (the default here) | reject
//	mode:    enforce (the default) | audit
//	hops:    forward only: the length of the forwarded chain
//
// Every vector runs under vectorPolicy with component "guard".
type guardVector struct {
	file, expect, id, hops string
	absent                 Disposition
	mode                   Mode
	payload                []byte
}

const vectorPolicy = `[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}},` +
	`{"tool":"create_issue","args":{"repo":{"in":["acme/app","acme/docs"]}}}]`

func readGuardVector(path string) (guardVector, error) {
	f, err := vecfile.Read(path)
	if err != nil {
		return guardVector{}, err
	}
	v := guardVector{file: filepath.Base(path), absent: Originate, mode: Enforce,
		payload: bytes.TrimSuffix(f.Payload, []byte("\n"))}
	if len(v.payload) == 0 {
		return guardVector{}, fmt.Errorf("empty message")
	}
	for _, h := range f.Header {
		value := h.Value
		switch h.Key {
		case "comment":
		case "expect":
			v.expect = value
		case "id":
			v.id = value
		case "hops":
			v.hops = value
		case "absent":
			if v.absent, err = ParseDisposition(value); err != nil {
				return guardVector{}, err
			}
		case "mode":
			switch value {
			case "enforce":
				v.mode = Enforce
			case "audit":
				v.mode = Audit
			default:
				return guardVector{}, fmt.Errorf("unknown mode %q", value)
			}
		default:
			return guardVector{}, fmt.Errorf("unknown header %q", h.Key)
		}
	}
	switch {
	case v.expect == "relay", v.expect == "forward":
	case strings.HasPrefix(v.expect, "error "):
		if v.id == "" {
			return guardVector{}, fmt.Errorf("an error vector needs an id header")
		}
	default:
		return guardVector{}, fmt.Errorf("expect %q is not relay, forward or error CODE", v.expect)
	}
	return v, nil
}

func vectorConfig(t testing.TB, absent Disposition, mode Mode) Config {
	t.Helper()
	policy, err := bound.ParseBound([]byte(vectorPolicy))
	if err != nil {
		t.Fatal(err)
	}
	return Config{Component: "guard", Policy: policy, Absent: absent, Mode: mode}
}

func TestVectors(t *testing.T) {
	vectors, err := vecfile.ReadDir("testdata/vectors", readGuardVector)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vectors {
		t.Run(v.file, func(t *testing.T) {
			if err := v.run(t); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestVectorFormatRefused(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"unknown header":      "expect: relay\nexpected: forward\n\n{}",
		"no blank line":       "expect: relay\n{}",
		"empty message":       "expect: relay\n\n",
		"error without id":    "expect: error -32600\n\n[]",
		"unknown expect":      "expect: drop\n\n{}",
		"unknown mode":        "expect: relay\nmode: lenient\n\n{}",
		"unknown disposition": "expect: relay\nabsent: allow\n\n{}",
	} {
		p := filepath.Join(dir, "x.vec")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readGuardVector(p); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// run holds both Decide and its reference twin to the vector: the twin is
// code under test too, and each vector is a known answer for it.
func (v guardVector) run(t *testing.T) error {
	for _, twin := range decideTwins {
		if err := v.check(t, twin.decide); err != nil {
			return fmt.Errorf("%s: %w", twin.name, err)
		}
	}
	return nil
}

func (v guardVector) check(t *testing.T, decide func([]byte, Config) Decision) error {
	d := decide(v.payload, vectorConfig(t, v.absent, v.mode))
	if d.Action != Answer && admit.Scan(v.payload, admit.Options{}) != nil {
		return fmt.Errorf("%v of a message admit.Scan refuses", d.Action)
	}
	switch {
	case v.expect == "relay":
		if d.Action != Relay || !bytes.Equal(d.Message, v.payload) {
			return fmt.Errorf("got %v %q, want the message relayed byte for byte", d.Action, d.Message)
		}
	case v.expect == "forward":
		if d.Action != Forward {
			return fmt.Errorf("got %v %q (%v), want forward", d.Action, d.Message, d.Refusal)
		}
		if err := checkForwarded(v.payload, d.Message, v.hops); err != nil {
			return err
		}
		if v.mode == Audit {
			enforced := decide(v.payload, vectorConfig(t, v.absent, Enforce))
			if d.Refusal.Violation() != (enforced.Action == Answer) {
				return fmt.Errorf("audit records a violation: %v; enforce mode answers: %v", d.Refusal, enforced.Action == Answer)
			}
		} else if d.Refusal != nil {
			return fmt.Errorf("forwarded with a refusal: %v", d.Refusal)
		}
	default:
		code, _ := strconv.Atoi(strings.TrimPrefix(v.expect, "error "))
		if d.Action != Answer {
			return fmt.Errorf("got %v %q, want error %d", d.Action, d.Message, code)
		}
		return checkAnswer(d, code, v.id)
	}
	return nil
}

// checkForwarded verifies a forwarded tools/call: admitted, the same
// request with the same id, name and arguments, and the inbound chain
// extended by exactly the guard's hop.
func checkForwarded(in, out []byte, hops string) error {
	if err := admit.Scan(out, admit.Options{}); err != nil {
		return fmt.Errorf("forwarded bytes not admitted: %v", err)
	}
	iv, _ := bound.ParseValue(in)
	ov, err := bound.ParseValue(out)
	if err != nil {
		return err
	}
	for _, path := range [][]string{{"jsonrpc"}, {"id"}, {"method"}, {"params", "name"}, {"params", "arguments"}} {
		a, b := marshalAt(iv, path...), marshalAt(ov, path...)
		if a != b {
			return fmt.Errorf("%v changed from %s to %s", path, a, b)
		}
	}
	pv, ok := member(ov, "params", "_meta", ProvenanceKey)
	if !ok {
		return fmt.Errorf("no provenance in the forwarded message %s", out)
	}
	p, err := bound.ProvenanceFromValue(pv)
	if err != nil {
		return fmt.Errorf("forwarded provenance: %v", err)
	}
	if _, sig := pv.Get("sig"); sig {
		return fmt.Errorf("forwarded provenance carries sig")
	}
	if hops != "" && strconv.Itoa(len(p.Chain)) != hops {
		return fmt.Errorf("forwarded chain has %d hops, want %s", len(p.Chain), hops)
	}
	last := p.Chain[len(p.Chain)-1]
	got, _ := last.Bound.MarshalJSON()
	policy, _ := bound.ParseBound([]byte(vectorPolicy))
	want, _ := policy.MarshalJSON()
	if last.Component != "guard" || !bytes.Equal(got, want) {
		return fmt.Errorf("last hop %q %s, want the guard's", last.Component, got)
	}
	if inPV, ok := member(iv, "params", "_meta", ProvenanceKey); ok {
		inP, err := bound.ProvenanceFromValue(inPV)
		if err != nil {
			return fmt.Errorf("forwarded a call with malformed provenance: %v", err)
		}
		a, _ := inP.MarshalJSON()
		b, _ := (&bound.Provenance{V: p.V, Chain: p.Chain[:len(p.Chain)-1]}).MarshalJSON()
		if !bytes.Equal(a, b) {
			return fmt.Errorf("inbound hops changed: %s, then %s", a, b)
		}
	}
	return nil
}

// checkAnswer verifies a JSON-RPC error answer.
func checkAnswer(d Decision, code int, id string) error {
	ov, err := bound.ParseValue(d.Message)
	if err != nil {
		return fmt.Errorf("answer %q: %v", d.Message, err)
	}
	if got := marshalAt(ov, "error", "code"); got != strconv.Itoa(code) {
		return fmt.Errorf("code %s, want %d (%v)", got, code, d.Refusal)
	}
	if got := marshalAt(ov, "id"); got != id {
		return fmt.Errorf("id %s, want %s", got, id)
	}
	if marshalAt(ov, "jsonrpc") != `"2.0"` {
		return fmt.Errorf("answer without jsonrpc 2.0: %s", d.Message)
	}
	msg, _ := member(ov, "error", "message")
	if msg.Kind != bound.KindString || msg.Str == "" {
		return fmt.Errorf("answer without a message: %s", d.Message)
	}
	if code == CodeOutsideBound {
		tool, _ := member(ov, "error", "data", "tool")
		_, args := member(ov, "error", "data", "arguments")
		if !strings.Contains(msg.Str, "io.noescalation") || tool.Kind != bound.KindString ||
			!strings.Contains(msg.Str, "'"+tool.Str+"'") || !args || d.Call == nil || tool.Str != d.Call.Name {
			return fmt.Errorf("section 4.3 answer malformed: %s", d.Message)
		}
	}
	return nil
}

func member(v bound.Value, path ...string) (bound.Value, bool) {
	for _, p := range path {
		var ok bool
		if v, ok = v.Get(p); !ok {
			return bound.Value{}, false
		}
	}
	return v, true
}

func marshalAt(v bound.Value, path ...string) string {
	m, ok := member(v, path...)
	if !ok {
		return "<absent>"
	}
	b, _ := m.MarshalJSON()
	return string(b)
}
