package digest

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// FuzzSumMatchesCanonicalize checks the digest against its definition on
// the plain form: for any arguments text, both Sum and jcs.Canonicalize
// refuse the invocation object with one admission error, or Sum is the
// SHA-256 of the canonical form; only when arguments is not one object may
// Sum refuse with an *Error instead. The JSON-RPC form of the same call
// agrees.
func FuzzSumMatchesCanonicalize(f *testing.F) {
	for _, v := range loadVectors(f, seedVectorDir) {
		f.Add(v.arguments, false)
	}
	f.Add(`{"a":{"b":[1,"\u0000",{"c":null}]}}`, true) // nested, escaped
	f.Add(`{"\"}":"{\"a\":1}"}`, false)                // brackets and quotes inside strings
	f.Add(`[1,2]`, false)                              // not an object: WrongType
	f.Add(`{"id":9007199254740993}`, true)             // refused under I-JSON only
	f.Fuzz(func(t *testing.T, arguments string, useIJSON bool) {
		opts := admit.Options{}
		if useIJSON {
			opts = ijson
		}
		plain := wrap(arguments)
		got, err := Sum(plain, opts)
		canon, canonErr := jcs.Canonicalize(plain, opts)
		if canonErr != nil {
			if err == nil || err.Error() != canonErr.Error() {
				t.Fatalf("Sum(%s) = %v; jcs refuses with %v", plain, err, canonErr)
			}
			return
		}
		_, argsErr := jcs.Canonicalize([]byte(arguments), opts)
		isObject := argsErr == nil && bytes.HasPrefix(bytes.TrimLeft([]byte(arguments), " \t\r\n"), []byte("{"))
		var e *Error
		if errors.As(err, &e) && !isObject {
			return // arguments is not one object: WrongType, or extra members
		}
		if err != nil || got != sha256.Sum256(canon) {
			t.Fatalf("Sum(%s) = %s, %v; want the SHA-256 of %s", plain, got, err, canon)
		}
		if !isObject {
			return
		}
		rpc := []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":` + arguments + `}}`)
		if d, err := Sum(rpc, opts); err != nil || d != got {
			t.Fatalf("JSON-RPC form %s = %s, %v; plain form %s", rpc, d, err, got)
		}
	})
}

// FuzzParseNeverPanics feeds arbitrary requests: every outcome is an
// invocation whose parts are slices of the request, an *admit.Error or an
// *Error, and never Unreadable.
func FuzzParseNeverPanics(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{}}}`))
	f.Add([]byte(`{"method":"tools/call","name":"x","arguments":{"a":[{"b":"]}"}]}}`))
	f.Add([]byte(`{"jsonrpc":"2.0","method":"tools/call","params":{"n\u0061me":"x","arguments":{}}}`))
	f.Fuzz(func(t *testing.T, request []byte) {
		inv, err := Parse(request, admit.Options{})
		var ae *admit.Error
		var e *Error
		switch {
		case err == nil:
			for _, part := range [][]byte{inv.Method, inv.Name, inv.Arguments} {
				if len(part) == 0 || !bytes.Contains(request, part) {
					t.Fatalf("Parse(%q): part %q is not from the request", request, part)
				}
			}
			if _, err := inv.AppendCanonical(nil, admit.Options{}); err != nil {
				t.Fatalf("Parse(%q) then AppendCanonical: %v", request, err)
			}
		case errors.As(err, &ae):
		case errors.As(err, &e):
			if e.Kind == Unreadable {
				t.Fatalf("Parse(%q): %v", request, err)
			}
		default:
			t.Fatalf("Parse(%q): untyped error %v", request, err)
		}
	})
}
