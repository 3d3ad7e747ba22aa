package jsonwire

import "testing"

// Each escape decodes to its character; each fault is reported with its
// kind at the offset that follows the prefix written beside it.
func TestReadEscape(t *testing.T) {
	for _, c := range []struct {
		in   string
		r    rune
		next int
	}{
		{`\n`, '\n', 2}, {`\/`, '/', 2}, {`\u00e9x`, 'é', 6}, {`\uD83D\uDE00`, '😀', 12}, {`\ud83d\ude00"`, '😀', 12},
	} {
		r, next, err := ReadEscape([]byte(c.in), 0)
		if err != nil || r != c.r || next != c.next {
			t.Errorf("ReadEscape(%q) = %q, %d, %v; want %q, %d", c.in, r, next, err, c.r, c.next)
		}
	}
	for _, c := range []struct {
		prefix, rest string
		kind         Kind
	}{
		{`\`, ``, Syntax},
		{`\`, `q`, Syntax},
		{`\u12`, `G4`, Syntax},
		{`\u12`, ``, Syntax},
		{``, `\udc00`, StringNotScalar},
		{``, `\ud800`, StringNotScalar},
		{``, `\ud800\u0041`, StringNotScalar},
		{`\ud800\u`, `ZZZZ`, Syntax},
	} {
		_, _, err := ReadEscape([]byte(c.prefix+c.rest), 0)
		if err == nil || err.Kind != c.kind || err.Offset != int64(len(c.prefix)) {
			t.Errorf("ReadEscape(%q) = %v; want %s at byte %d", c.prefix+c.rest, err, c.kind, len(c.prefix))
		}
	}
}
