package subprocess

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestServeAnswersEveryOp runs Serve on a script of requests and reads the
// responses back with the client's own parser.
func TestServeAnswersEveryOp(t *testing.T) {
	s := Server{
		Name: "served", Version: "0.1",
		Canonicalize: func(in []byte) ([]byte, error) {
			if string(in) == "bad" {
				return nil, errors.New("refused")
			}
			return append([]byte("c:"), in...), nil
		},
		Check: func(prov, params []byte) (bool, string, error) {
			if string(prov) == "raise" {
				return false, "", errors.New("raised")
			}
			return string(prov) == "yes", string(params), nil
		},
	}
	reqs := []string{
		`{"id":1,"op":"hello","protocol":2}`,
		`{"id":2,"op":"canonicalize","input":"` + *Encode([]byte("\xff{}")) + `"}`,
		`{"id":3,"op":"canonicalize","input":"` + *Encode([]byte("bad")) + `"}`,
		`{"id":4,"op":"check","provenance":"` + *Encode([]byte("yes")) + `","params":"` + *Encode([]byte("p")) + `"}`,
		`{"id":5,"op":"check","provenance":"` + *Encode([]byte("no")) + `","params":"` + *Encode(nil) + `"}`,
		`{"id":6,"op":"check","provenance":"` + *Encode([]byte("raise")) + `","params":"` + *Encode(nil) + `"}`,
		`{"id":7,"op":"number","bits":[]}`,
		`{"id":8,"op":"hello","protocol":1}`,
	}
	var out bytes.Buffer
	if err := Serve(strings.NewReader(strings.Join(reqs, "\n")+"\n"), &out, s); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != len(reqs) {
		t.Fatalf("%d responses to %d requests:\n%s", len(lines), len(reqs), out.String())
	}
	check := func(i int, ok bool, what func(*Response) bool) {
		t.Helper()
		r, err := parseResponse([]byte(lines[i]), uint64(i+1))
		if err != nil || *r.OK != ok || !what(r) {
			t.Errorf("response %d: %s (%v)", i+1, lines[i], err)
		}
	}
	check(0, true, func(r *Response) bool { return r.Name == "served" && r.Version == "0.1" && r.Protocol == 2 })
	check(1, true, func(r *Response) bool { b, _ := decodeBytes(*r.Output); return string(b) == "c:\xff{}" })
	check(2, false, func(r *Response) bool { return r.Error == "refused" })
	check(3, true, func(r *Response) bool { return r.Decision == DecisionAdmit && r.Reason == "p" })
	check(4, true, func(r *Response) bool { return r.Decision == DecisionDeny })
	check(5, false, func(r *Response) bool { return r.Error == "raised" })
	check(6, false, func(r *Response) bool { return strings.HasPrefix(r.Error, "unknown op") })
	check(7, true, func(r *Response) bool { return r.Protocol == 1 })
}
