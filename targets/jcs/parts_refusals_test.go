package jcs

import (
	"bytes"
	"errors"
	"testing"
)

// TestTokenPartsRefuseWhatIsNotOneToken: the exported parts refuse input
// that is not exactly one token of their kind, with the cause, and return
// dst as it was (parts.go).
func TestTokenPartsRefuseWhatIsNotOneToken(t *testing.T) {
	dst := []byte("kept")
	for _, c := range []struct {
		name  string
		part  func([]byte, []byte) ([]byte, error)
		tok   string
		cause error
	}{
		{"AppendNumberToken", AppendNumberToken, "1 ", errSyntax},
		{"AppendNumberToken", AppendNumberToken, "12x", errSyntax},
		{"AppendNumberToken", AppendNumberToken, "01", errSyntax},
		{"AppendNumberToken", AppendNumberToken, "1e999", errNumber},
		{"AppendStringToken", AppendStringToken, "", errSyntax},
		{"AppendStringToken", AppendStringToken, "a", errSyntax},
		{"AppendStringToken", AppendStringToken, `"a"x`, errSyntax},
		{"AppendStringToken", AppendStringToken, `"\uD800"`, errSurrogate},
		{"DecodeStringToken", DecodeStringToken, "", errSyntax},
		{"DecodeStringToken", DecodeStringToken, "a", errSyntax},
		{"DecodeStringToken", DecodeStringToken, `"a" `, errSyntax},
		{"DecodeStringToken", DecodeStringToken, `"\q"`, errSyntax},
	} {
		out, err := c.part(bytes.Clone(dst), []byte(c.tok))
		if !errors.Is(err, c.cause) || !bytes.Equal(out, dst) {
			t.Errorf("%s(%q) = %q, %v; want %q, %v", c.name, c.tok, out, err, dst, c.cause)
		}
	}
	for _, c := range []struct {
		part      func([]byte, []byte) ([]byte, error)
		tok, want string
	}{
		{AppendNumberToken, "1.50", "1.5"},
		{AppendStringToken, `"\u0041"`, `"A"`},
		{DecodeStringToken, `"\u0041b"`, "Ab"},
	} {
		if out, err := c.part(nil, []byte(c.tok)); err != nil || string(out) != c.want {
			t.Errorf("part(%q) = %q, %v; want %q", c.tok, out, err, c.want)
		}
	}
}
