package subprocess

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
)

// Server is what a Go program serves over the protocol with Serve: a name
// and version for hello, and the operations it implements (a nil one is
// answered "unknown op").
type Server struct {
	Name, Version string
	// Canonicalize returns the canonical bytes of input, or the reason it
	// refuses it.
	Canonicalize func(input []byte) ([]byte, error)
	// Check decides one call under one provenance object (protocol 2); an
	// error is answered ok false (undecided).
	Check func(provenance, params []byte) (admit bool, reason string, err error)
}

// Serve answers requests from r on w until r ends, as PROTOCOL.md says,
// speaking the version the client offers (at most ProtocolVersion). It
// returns nil at the end of r, or the first read, decode or write error.
func Serve(r io.Reader, w io.Writer, s Server) error {
	in := bufio.NewScanner(r)
	in.Buffer(nil, 256<<20)
	out := json.NewEncoder(w)
	for in.Scan() {
		var req Request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			return fmt.Errorf("subprocess: a request that is not JSON: %w", err)
		}
		if err := out.Encode(s.answer(req)); err != nil {
			return err
		}
	}
	return in.Err()
}

// answer is the response to one request.
func (s Server) answer(req Request) Response {
	id, yes, no := req.ID, true, false
	fail := func(format string, args ...any) Response {
		return Response{ID: &id, OK: &no, Error: fmt.Sprintf(format, args...)}
	}
	resp := Response{ID: &id, OK: &yes}
	switch {
	case req.Op == OpHello:
		resp.Name, resp.Version = s.Name, s.Version
		resp.Protocol = min(max(req.Protocol, MinProtocolVersion), ProtocolVersion)
	case req.Op == OpCanonicalize && s.Canonicalize != nil && req.Input != nil:
		input, err := decodeBytes(*req.Input)
		if err != nil {
			return fail("protocol: input is not base64: %v", err)
		}
		got, err := s.Canonicalize(input)
		if err != nil {
			return fail("%v", err)
		}
		resp.Output = Encode(got)
	case req.Op == OpCheck && s.Check != nil && req.Provenance != nil && req.Params != nil:
		prov, err1 := decodeBytes(*req.Provenance)
		params, err2 := decodeBytes(*req.Params)
		if err1 != nil || err2 != nil {
			return fail("protocol: provenance or params is not base64")
		}
		admit, reason, err := s.Check(prov, params)
		if err != nil {
			return fail("%v", err)
		}
		resp.Decision, resp.Reason = DecisionDeny, reason
		if admit {
			resp.Decision = DecisionAdmit
		}
	default:
		return fail("unknown op: %s", req.Op)
	}
	return resp
}
