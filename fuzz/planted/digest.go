package planted

import (
	"crypto/sha256"
	"encoding/json"
	"errors"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/digest"
)

// errNotCall is DigestViaEncodingJSON's refusal of a request it cannot
// read as a tools/call.
var errNotCall = errors.New("planted: not a tools/call request")

// DigestViaEncodingJSON is the action digest computed the way it is easy
// to get wrong, whatever the profile: decode the request with encoding/json, then hash
// json.Marshal of {"arguments","method","name"}. Marshal sorts map keys by
// byte (code point) order and escapes <, > and & and U+2028, so the bytes
// hashed are not RFC 8785's.
func DigestViaEncodingJSON(request []byte, _ admit.Options) (digest.Digest, error) {
	var req struct {
		Method any `json:"method"`
		Name   any `json:"name"`
		Args   any `json:"arguments"`
		Params *struct {
			Name any `json:"name"`
			Args any `json:"arguments"`
		} `json:"params"`
	}
	if err := json.Unmarshal(request, &req); err != nil {
		return digest.Digest{}, err
	}
	name, args := req.Name, req.Args
	if req.Params != nil {
		name, args = req.Params.Name, req.Params.Args
	}
	if req.Method != "tools/call" || name == nil || args == nil {
		return digest.Digest{}, errNotCall
	}
	b, err := json.Marshal(map[string]any{"arguments": args, "method": req.Method, "name": name})
	if err != nil {
		return digest.Digest{}, err
	}
	return sha256.Sum256(b), nil
}

// ParseLosesErrorType is digest.Parse that rewraps a *digest.Error as a
// plain error with its message (fmt.Errorf with %v, not %w): the caller
// can no longer tell which part of the request was wrong.
func ParseLosesErrorType(request []byte, opts admit.Options) (digest.Invocation, error) {
	inv, err := digest.Parse(request, opts)
	var e *digest.Error
	if errors.As(err, &e) {
		return inv, errors.New(err.Error())
	}
	return inv, err
}
