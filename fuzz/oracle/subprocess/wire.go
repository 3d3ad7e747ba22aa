package subprocess

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// ProtocolVersion is the newest protocol version this package speaks, the
// one it offers in hello. Version 2 adds the check operation; a program
// that answers hello with 1 is served under version 1 (PROTOCOL.md).
const ProtocolVersion = 2

// MinProtocolVersion is the oldest version a program may answer hello with.
const MinProtocolVersion = 1

// The ops of PROTOCOL.md.
const (
	OpHello        = "hello"
	OpCanonicalize = "canonicalize"
	OpNumber       = "number"
	OpCheck        = "check" // version 2
)

// The decisions a check response carries.
const (
	DecisionAdmit = "admit"
	DecisionDeny  = "deny"
)

// Request is one request line. Fields an op does not use are omitted.
type Request struct {
	ID       uint64   `json:"id"`
	Op       string   `json:"op"`
	Protocol int      `json:"protocol,omitempty"`
	Input    *string  `json:"input,omitempty"` // base64 of the bytes, for canonicalize
	Bits     []string `json:"bits,omitempty"`  // 16 hex digits per double, for number
	// For check: base64 of the provenance object's bytes and of the
	// tools/call params' bytes.
	Provenance *string `json:"provenance,omitempty"`
	Params     *string `json:"params,omitempty"`
}

// Response is one response line.
type Response struct {
	ID       *uint64  `json:"id"`
	OK       *bool    `json:"ok"`
	Error    string   `json:"error,omitempty"`
	Output   *string  `json:"output,omitempty"` // base64, for canonicalize
	Name     string   `json:"name,omitempty"`   // for hello
	Version  string   `json:"version,omitempty"`
	Protocol int      `json:"protocol,omitempty"`
	Strings  []string `json:"strings,omitempty"`  // for number
	Decision string   `json:"decision,omitempty"` // for check: admit or deny
	Reason   string   `json:"reason,omitempty"`   // for check, optional
}

// Encode returns b as a request or response carries it.
func Encode(b []byte) *string {
	s := base64.StdEncoding.EncodeToString(b)
	return &s
}

// decodeBytes reverses Encode strictly: padding required, no stray bytes.
func decodeBytes(s string) ([]byte, error) {
	return base64.StdEncoding.Strict().DecodeString(s)
}

// parseResponse checks that line is a response to request id: JSON, the
// same id, an ok flag, and an error message when not ok.
func parseResponse(line []byte, id uint64) (*Response, error) {
	var r Response
	if err := json.Unmarshal(line, &r); err != nil {
		return nil, fmt.Errorf("response is not JSON (%v): %.200q", err, line)
	}
	switch {
	case r.ID == nil:
		return nil, fmt.Errorf("response has no id: %.200q", line)
	case *r.ID != id:
		return nil, fmt.Errorf("response has id %d, the request had %d", *r.ID, id)
	case r.OK == nil:
		return nil, fmt.Errorf("response has no ok: %.200q", line)
	case !*r.OK && r.Error == "":
		return nil, fmt.Errorf("response is not ok and gives no error: %.200q", line)
	}
	return &r, nil
}
