package admit

import "fmt"

// unexpected describes a byte that cannot stand where it was found.
func unexpected(c byte, want string) string {
	switch {
	case c == 0xEF:
		return "unexpected byte 0xef (a byte order mark?), want " + want
	case c == '\'':
		return "single quotes do not delimit JSON strings, want " + want
	case c < 0x20 || c >= 0x7F:
		return fmt.Sprintf("unexpected byte 0x%02x, want %s", c, want)
	}
	return fmt.Sprintf("unexpected %q, want %s", c, want)
}
