package jcs

import (
	"errors"
	"testing"
)

// TestWriterRefusesWhatAdmissionWouldHave: the writer assumes nothing it
// does not check (write.go), so input that is not JSON, handed to it
// without admission, is a *WriteError with the cause and the offset where
// writing stopped, never a panic or output. Each case is one refusal path
// of write.go, string.go, escape.go and numbertoken.go; the offsets are
// literals.
func TestWriterRefusesWhatAdmissionWouldHave(t *testing.T) {
	for _, c := range []struct {
		in     string
		offset int64
		cause  error
	}{
		{"", 0, errSyntax},            // value: end of input
		{"x", 0, errSyntax},           // value: no value starts with x
		{"[x]", 1, errSyntax},         // value inside an array
		{"[", 1, errSyntax},           // value: the array never closes
		{"tru", 0, errSyntax},         // literal
		{"nulL", 0, errSyntax},        // literal
		{"1 2", 2, errSyntax},         // next: content after the top-level value
		{"[1", 2, errSyntax},          // next: end of input in an array
		{"[1 2]", 3, errSyntax},       // next: no comma
		{"[1}", 2, errSyntax},         // next: a brace closes an array
		{`{"a":1]`, 6, errSyntax},     // next: a bracket closes an object
		{`{"a":1,2}`, 7, errSyntax},   // memberName after a comma
		{`{1:2}`, 1, errSyntax},       // memberName: not a string
		{`{"a" 1}`, 5, errSyntax},     // memberName: no colon
		{`{"a"`, 4, errSyntax},        // memberName: end of input before the colon
		{`"abc`, 4, errSyntax},        // appendString: end of input
		{"\"a\x01\"", 2, errSyntax},   // appendString: a raw control byte
		{`"\q"`, 1, errSyntax},        // readEscape: not an escape character
		{`"\q1234"`, 1, errSyntax},    // ... even when four hex digits follow
		{`"\`, 1, errSyntax},          // readEscape: end of input after the backslash
		{`"\u12"`, 1, errSyntax},      // readEscape: short hex
		{`"\uD800"`, 1, errSurrogate}, // a high surrogate alone
		{`"\uDC00"`, 1, errSurrogate}, // a low surrogate alone
		{`"\uD800\u0041"`, 1, errSurrogate},
		{`"\uD800\uZZZZ"`, 1, errSyntax},
		{`{"\u0061":1,"b\u0062":[1 2]}`, 25, errSyntax}, // escaped names, then a fault
		{"01", 0, errSyntax},                            // appendNumber: leading zero (value reports the number's start)
		{"-", 0, errSyntax},                             // appendNumber: no digit
		{"1.", 0, errSyntax},                            // appendNumber: no fraction digit
		{"1e+", 0, errSyntax},                           // appendNumber: no exponent digit
		{"1e400", 0, errNumber},                         // appendParsed: no finite double
		{"[1e400]", 1, errNumber},
	} {
		out, err := appendAdmitted(nil, []byte(c.in))
		var we *WriteError
		if !errors.As(err, &we) || !errors.Is(err, c.cause) || we.Offset != c.offset {
			t.Errorf("appendAdmitted(%q) = %q, %v; want a WriteError at %d caused by %v", c.in, out, err, c.offset, c.cause)
		}
	}
}

// TestReadersReportWhereTheyStopped: the offsets the readers return with
// an error, which write.go turns into a WriteError's offset or (numbers)
// replaces by the token's start.
func TestReadersReportWhereTheyStopped(t *testing.T) {
	for _, c := range []struct {
		name   string
		run    func() (int, error)
		offset int
		cause  error
	}{
		{"decodeString at end of input", func() (int, error) { _, j, err := decodeString(nil, []byte(`"abc`), 0); return j, err }, 4, errSyntax},
		{"decodeString at a control byte", func() (int, error) { _, j, err := decodeString(nil, []byte("\"a\x01\""), 0); return j, err }, 2, errSyntax},
		{"decodeString at a bad escape", func() (int, error) { _, j, err := decodeString(nil, []byte(`"a\q"`), 0); return j, err }, 2, errSyntax},
		{"decodeString of a lone surrogate", func() (int, error) { _, j, err := decodeString(nil, []byte(`"\uDC00"`), 0); return j, err }, 1, errSurrogate},
		{"appendNumber: leading zero", func() (int, error) { _, j, err := appendNumber(nil, []byte("-012"), 0); return j, err }, 1, errSyntax},
		{"appendNumber: no digit", func() (int, error) { _, j, err := appendNumber(nil, []byte("-x"), 0); return j, err }, 1, errSyntax},
		{"appendNumber: no fraction digit", func() (int, error) { _, j, err := appendNumber(nil, []byte("12.e"), 0); return j, err }, 3, errSyntax},
		{"appendNumber: no exponent digit", func() (int, error) { _, j, err := appendNumber(nil, []byte("1.5e-"), 0); return j, err }, 5, errSyntax},
	} {
		j, err := c.run()
		if !errors.Is(err, c.cause) || j != c.offset {
			t.Errorf("%s: stopped at %d with %v, want %d with %v", c.name, j, err, c.offset, c.cause)
		}
	}
	if _, err := appendParsed(nil, []byte("1e999")); !errors.Is(err, errNumber) {
		t.Errorf("appendParsed(1e999) = %v, want errNumber", err)
	}
}
