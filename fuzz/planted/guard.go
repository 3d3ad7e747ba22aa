package planted

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/canonfuzz/canonfuzz/targets/guard"
	"github.com/go-json-experiment/json/jsontext"
)

// lastWinsRequest is the shape a Go guard often decodes a request into:
// the arguments kept as raw bytes, to be passed on unchanged.
type lastWinsRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method"`
	Params  *struct {
		Name      string                     `json:"name"`
		Arguments json.RawMessage            `json:"arguments,omitempty"`
		Meta      map[string]json.RawMessage `json:"_meta,omitempty"`
	} `json:"params,omitempty"`
}

// GuardLastWins is guard.Decide without admission, reading the message
// with encoding/json: of duplicate members the last wins, invalid UTF-8
// and lone surrogates become U+FFFD. It relays what that reading calls
// another method as the original bytes; it checks a tools/call by handing
// its reading, written out again, to guard.Decide, and forwards the
// request re-encoded from the struct above, with Decide's extended chain
// in _meta and the arguments as they came (json.RawMessage), duplicates
// and all.
func GuardLastWins(raw []byte, cfg guard.Config) guard.Decision {
	var req lastWinsRequest
	var tree any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if json.Unmarshal(raw, &req) != nil || d.Decode(&tree) != nil {
		return refuse()
	}
	if req.Method != guard.MethodCall {
		return guard.Decision{Action: guard.Relay, Message: raw, Method: req.Method}
	}
	reading, err := json.Marshal(tree)
	if err != nil {
		return refuse()
	}
	dec := guard.Decide(reading, cfg)
	if dec.Action != guard.Forward || req.Params == nil {
		return dec
	}
	checked, err := bound.ParseValue(dec.Message)
	if err != nil {
		return refuse()
	}
	params, _ := checked.Get("params")
	meta, _ := params.Get("_meta")
	chain, _ := meta.Get(guard.ProvenanceKey)
	if req.Params.Meta == nil {
		req.Params.Meta = map[string]json.RawMessage{}
	}
	req.Params.Meta[guard.ProvenanceKey], _ = chain.MarshalJSON()
	if dec.Message, err = json.Marshal(req); err != nil {
		return refuse()
	}
	return dec
}

// GuardForwardsInput is guard.Decide applied to a first-wins reading of
// the message (a jsontext token stream that keeps the first of duplicate
// members and reads invalid UTF-8 as U+FFFD), which then relays or
// forwards the original bytes rather than the guard's own serialization.
func GuardForwardsInput(raw []byte, cfg guard.Config) guard.Decision {
	reading, err := firstWins(raw)
	if err != nil {
		return refuse()
	}
	d := guard.Decide(reading, cfg)
	if d.Action != guard.Answer {
		d.Message = raw
	}
	return d
}

// firstWins writes raw again with only the first of each object's
// duplicate members.
func firstWins(raw []byte) ([]byte, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(raw), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	var out bytes.Buffer
	enc := jsontext.NewEncoder(&out, jsontext.AllowInvalidUTF8(true))
	if err := copyFirst(dec, enc); err != nil {
		return nil, err
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, io.ErrUnexpectedEOF
	}
	return bytes.TrimSpace(out.Bytes()), nil
}

// copyFirst copies one value from dec to enc, skipping every member whose
// name its object has had already.
func copyFirst(dec *jsontext.Decoder, enc *jsontext.Encoder) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	switch tok.Kind() {
	case '[':
		if err := enc.WriteToken(jsontext.BeginArray); err != nil {
			return err
		}
		for dec.PeekKind() != ']' {
			if err := copyFirst(dec, enc); err != nil {
				return err
			}
		}
		dec.ReadToken()
		return enc.WriteToken(jsontext.EndArray)
	case '{':
		if err := enc.WriteToken(jsontext.BeginObject); err != nil {
			return err
		}
		seen := map[string]bool{}
		for dec.PeekKind() != '}' {
			name, err := dec.ReadToken()
			if err != nil {
				return err
			}
			n := name.String()
			if seen[n] {
				if err := dec.SkipValue(); err != nil {
					return err
				}
				continue
			}
			seen[n] = true
			if err := enc.WriteToken(jsontext.String(n)); err != nil {
				return err
			}
			if err := copyFirst(dec, enc); err != nil {
				return err
			}
		}
		dec.ReadToken()
		return enc.WriteToken(jsontext.EndObject)
	}
	return enc.WriteToken(tok)
}

// refuse answers a message the planted guard cannot read.
func refuse() guard.Decision {
	return guard.Decision{Action: guard.Answer,
		Message: []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}`),
		Refusal: &guard.Refusal{Class: guard.ErrNotAdmitted, Code: guard.CodeParseError, Reason: "parse error"}}
}

// GuardRelaysRaw is guard.Decide, except that a relayed message is sent
// as it came, byte for byte, CRs and all: JSON allows a CR as whitespace,
// so a notification can carry a whole tools/call between two CRs, which a
// server whose reader splits lines on CR (Python's universal newlines,
// Node's readline) runs unchecked (issue 9, "The bypass: framing").
func GuardRelaysRaw(raw []byte, cfg guard.Config) guard.Decision {
	d := guard.Decide(raw, cfg)
	if d.Action == guard.Relay {
		d.Message = raw
	}
	return d
}

// GuardComparesRawMethod is guard.Decide with the slip a hand-written
// reader of raw bytes makes: it compares the method token as written, not
// its value, so "tools/c\u0061ll" (a tools/call to every JSON reader) is
// another method to it, relayed unchecked.
func GuardComparesRawMethod(raw []byte, cfg guard.Config) guard.Decision {
	d := guard.Decide(raw, cfg)
	if d.Method == guard.MethodCall && !bytes.Contains(raw, []byte(`"tools/call"`)) {
		return guard.Decision{Action: guard.Relay, Message: raw, Method: `tools/c\u0061ll`, ID: d.ID}
	}
	return d
}

// ProxyClampsMessageCap is guard.(*Proxy).Run that, handed a message cap
// past the documented 20 MiB, runs with the default cap instead of
// refusing the settings: a silent substitution.
func ProxyClampsMessageCap(p *guard.Proxy, client io.Reader, out io.Writer) (int, error) {
	if p.MaxMessage > 20<<20 {
		q := *p
		q.MaxMessage = 0
		p = &q
	}
	return p.Run(client, out)
}

// GuardDropsLimitCause is guard.Decide with the slip of a refusal written
// from its error's text alone: a refusal caused by a document past
// bound.MaxValues (the provenance, or a constrained argument) keeps its
// class, code and reason but loses the *bound.LimitError that says why
// (SEP-3246 sections 4.2 and 4.3: such a call cannot be checked).
func GuardDropsLimitCause(raw []byte, cfg guard.Config) guard.Decision {
	d := guard.Decide(raw, cfg)
	var limit *bound.LimitError
	if d.Refusal != nil && errors.As(d.Refusal.Cause, &limit) {
		r := *d.Refusal
		r.Cause = nil
		d.Refusal = &r
	}
	return d
}
