package property

import (
	"errors"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/jcs"
)

// TestNotOneTokenCanFail: the token properties pass the real writers on
// bytes that are a token followed by more, and each of three faults of the
// writers' whole-token check (the bytes after the token ignored, the
// refusal returned as success, the refusal given another cause) is a
// violation of its class.
func TestNotOneTokenCanFail(t *testing.T) {
	ignoreTail := func(tok []byte) []byte {
		if i := strings.IndexAny(string(tok), "x "); i > 0 {
			return tok[:i]
		}
		return tok
	}
	errOther := errors.New("number has no finite double")
	numbers := []struct {
		fault string
		write TokenWriter
		class string
	}{
		{"tail ignored", func(dst, tok []byte) ([]byte, error) { return jcs.AppendNumberToken(dst, ignoreTail(tok)) }, "not-one-token"},
		{"success", func(dst, tok []byte) ([]byte, error) {
			if out, err := jcs.AppendNumberToken(dst, tok); err == nil || len(ignoreTail(tok)) == len(tok) {
				return out, err
			}
			return dst, nil
		}, "not-one-token"},
		{"other cause", func(dst, tok []byte) ([]byte, error) {
			if out, err := jcs.AppendNumberToken(dst, tok); err == nil || len(ignoreTail(tok)) == len(tok) {
				return out, err
			}
			return dst, errOther
		}, "not-one-token-cause"},
	}
	for _, tok := range []string{"12x", "1.5e3 ", "0x", "x", "-", "1e400x"} {
		if v := NumberTokenMatchesReference(jcs.AppendNumberToken, tok); v != nil {
			t.Errorf("AppendNumberToken on %q: %v", tok, v)
		}
	}
	for _, c := range numbers {
		v := NumberTokenMatchesReference(c.write, "12x")
		if v == nil || !strings.HasSuffix(v.Class, c.class) {
			t.Errorf("number writer with %s: %v, want class %s", c.fault, v, c.class)
		}
	}
	for _, tok := range []string{`"ab"x`, `"a" x`, `"\u00e9"1`} {
		if v := DecodeStringTokenMatchesJSONText(jcs.DecodeStringToken, []byte(tok)); v != nil {
			t.Errorf("DecodeStringToken on %q: %v", tok, v)
		}
	}
	decodeTail := func(dst, tok []byte) ([]byte, error) {
		return jcs.DecodeStringToken(dst, tok[:strings.LastIndexByte(string(tok), '"')+1])
	}
	decodeOther := func(dst, tok []byte) ([]byte, error) {
		if _, err := jcs.DecodeStringToken(dst, tok); err != nil && tok[0] == '"' && tok[len(tok)-1] != '"' {
			return dst, errOther
		}
		return jcs.DecodeStringToken(dst, tok)
	}
	if v := DecodeStringTokenMatchesJSONText(decodeTail, []byte(`"ab"x`)); v == nil || !strings.HasSuffix(v.Class, "not-one-token") {
		t.Errorf("string decoder that ignores the tail: %v, want class not-one-token", v)
	}
	if v := DecodeStringTokenMatchesJSONText(decodeOther, []byte(`"ab"x`)); v == nil || !strings.HasSuffix(v.Class, "not-one-token-cause") {
		t.Errorf("string decoder with another cause: %v, want class not-one-token-cause", v)
	}
}
