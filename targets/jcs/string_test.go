package jcs

import (
	"errors"
	"testing"
)

func TestAppendString(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`""`, `""`},
		{`"abc"`, `"abc"`},
		{`"\u00e9"`, `"é"`},
		{`"\u00E9\/"`, `"é/"`},
		{`"\b\t\n\f\r\"\\"`, `"\b\t\n\f\r\"\\"`},
		{`"\u0008\u0009\u000A\u000c\u000D\u0022\u005C"`, `"\b\t\n\f\r\"\\"`},
		{`"\u0000\u001F\u000b"`, `"\u0000\u001f\u000b"`},
		{`"\u007f\u0080"`, "\"\x7f\u0080\""},
		{`"\ud83d\ude00"`, `"😀"`},
		{`"\uD83D\uDE00"`, `"😀"`},
		{`"\u2028\u2029"`, "\"\u2028\u2029\""}, // literal, as RFC 8785 says
		{`"</script>"`, `"</script>"`},
		{`"long plain run that crosses several eight-byte words\n and more"`, `"long plain run that crosses several eight-byte words\n and more"`},
	} {
		got, next, _, err := appendString(nil, []byte(c.in), 0)
		if err != nil || string(got) != c.want || next != len(c.in) {
			t.Errorf("appendString(%s) = %s, %d, %v; want %s, %d", c.in, got, next, err, c.want, len(c.in))
		}
	}
}

func TestAppendStringRefusesWhatAdmissionRefuses(t *testing.T) {
	for _, c := range []struct {
		in   string
		want error
	}{
		{`"abc`, errSyntax},
		{"\"a\x01\"", errSyntax},
		{`"\x"`, errSyntax},
		{`"\u12"`, errSyntax},
		{`"\u12G4"`, errSyntax},
		{`"\ud800"`, errSurrogate},
		{`"\udc00"`, errSurrogate},
		{`"\ud800\u0041"`, errSurrogate},
		{`"\ud800\uZZZZ"`, errSyntax},
		{`"\ud800\ud800"`, errSurrogate},
		{`"\`, errSyntax},
	} {
		if _, _, _, err := appendString(nil, []byte(c.in), 0); !errors.Is(err, c.want) {
			t.Errorf("appendString(%s): %v, want %v", c.in, err, c.want)
		}
	}
}
