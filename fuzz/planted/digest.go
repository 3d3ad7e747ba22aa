package planted

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
)

// errNotCall is DigestViaEncodingJSON's refusal of a request it cannot
// read as a tools/call.
var errNotCall = errors.New("planted: not a tools/call request")

// DigestViaEncodingJSON is the action digest computed the way it is easy
// to get wrong: decode the request with encoding/json, then hash
// json.Marshal of {"arguments","method","name"}. Marshal sorts map keys by
// byte (code point) order and escapes <, > and & and U+2028, so the bytes
// hashed are not RFC 8785's.
func DigestViaEncodingJSON(request []byte) ([sha256.Size]byte, error) {
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
		return [sha256.Size]byte{}, err
	}
	name, args := req.Name, req.Args
	if req.Params != nil {
		name, args = req.Params.Name, req.Params.Args
	}
	if req.Method != "tools/call" || name == nil || args == nil {
		return [sha256.Size]byte{}, errNotCall
	}
	b, err := json.Marshal(map[string]any{"arguments": args, "method": req.Method, "name": name})
	if err != nil {
		return [sha256.Size]byte{}, err
	}
	return sha256.Sum256(b), nil
}
