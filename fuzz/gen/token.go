package gen

import (
	"fmt"
	"strings"
)

// StringToken writes s, valid UTF-8, as a JSON string token in one of the
// many spellings JSON allows: choice selects, character by character,
// whether to use the literal character, a short escape, a \u escape in
// upper or lower case hex, or a surrogate pair escape.
func StringToken(s string, choice uint64) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		c := choice & 3
		choice = choice>>2 | choice<<62
		switch {
		case c == 1 && r == '/':
			b.WriteString(`\/`)
		case c == 1 && strings.ContainsRune("\b\t\n\f\r\"\\", r):
			b.WriteString(`\` + string(`btnfr"\`[strings.IndexRune("\b\t\n\f\r\"\\", r)]))
		case c == 2 && r > 0xFFFF:
			r -= 0x10000
			fmt.Fprintf(&b, `\u%04X\u%04x`, 0xD800+(r>>10), 0xDC00+(r&0x3FF))
		case c == 2 || r < 0x20 || r == '"' || r == '\\':
			if r > 0xFFFF {
				r -= 0x10000
				fmt.Fprintf(&b, `\u%04x\u%04X`, 0xD800+(r>>10), 0xDC00+(r&0x3FF))
			} else if c == 3 {
				fmt.Fprintf(&b, `\u%04X`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
