package guard

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// Framing of the MCP stdio transport. MCP (2025-06-18, "Transports",
// "stdio") says messages "are delimited by newlines, and MUST NOT contain
// embedded newlines". JSON (RFC 8259 section 2) allows CR and LF as
// whitespace between tokens, and U+0085, U+2028 and U+2029 raw inside
// strings, so one admitted JSON text can be several lines to a reader that
// splits on more than LF:
//
//   - LF: Go's bufio.Scanner, Rust's lines(), the MCP TypeScript SDK;
//   - CR, LF and CRLF: Node's readline, Java's BufferedReader.readLine,
//     Python's text mode with universal newlines (the MCP Python SDK's
//     stdio transport reads stdin that way);
//   - also VT, FF, FS, GS, RS, NEL (U+0085), LS (U+2028) and PS (U+2029):
//     Python's str.splitlines.
//
// The guard writes every message, in both directions, as one line that all
// of them read whole: a line end other than the one LF that ends the
// message is re-encoded without changing the JSON value (whitespace CR or
// LF becomes a space, a raw U+0085, U+2028 or U+2029 inside a string
// becomes its \u escape). VT, FF, FS, GS and RS cannot occur in an admitted
// text (they are neither JSON whitespace nor allowed raw in a string). A
// message that is not admitted JSON cannot be re-encoded without guessing
// its meaning, so one that holds a line end is refused or dropped, never
// relayed. findings/spec/guard-framing.md.

// ErrUnframeable is matched by the error of [FrameServerLine]: a server
// line that holds a line end and is not an admitted JSON text.
var ErrUnframeable = errors.New("guard: a line end inside a message that is not admitted JSON")

// lineEndAt returns the offset of the first byte sequence in b that some
// line reader reads as the end of a line, or -1 if there is none.
//
// Every forwarded message and every server line is scanned, so it skips
// eight bytes at a time while none of them can begin a line end (a control
// byte, 0xC2 or 0xE2), and looks at the bytes of a block that holds one;
// lineEndAtSimple is its byte-by-byte twin, and FuzzLineEndAt compares them.
func lineEndAt(b []byte) int {
	i := 0
	for {
		for ; i+8 <= len(b); i += 8 {
			x := binary.LittleEndian.Uint64(b[i:])
			if hasByteBelow(x, 0x20) || hasZeroByte(x^(ones*0xC2)) || hasZeroByte(x^(ones*0xE2)) {
				break
			}
		}
		end := min(i+8, len(b))
		for ; i < end; i++ {
			if lineEndFirst[b[i]] && lineEndLen(b, i) > 0 {
				return i
			}
		}
		if i >= len(b) {
			return -1
		}
	}
}

// lineEndAtSimple is lineEndAt one byte at a time.
func lineEndAtSimple(b []byte) int {
	for i := range b {
		if lineEndLen(b, i) > 0 {
			return i
		}
	}
	return -1
}

const ones = 0x0101010101010101

// hasZeroByte reports whether a byte of x is zero; hasByteBelow whether a
// byte of x is below n (n at most 128). Exact, not approximations
// (the "determine if a word has a zero byte" identities).
func hasZeroByte(x uint64) bool { return (x-ones) & ^x & (ones*0x80) != 0 }

func hasByteBelow(x uint64, n uint64) bool { return (x-ones*n) & ^x & (ones*0x80) != 0 }

// lineEndFirst marks the bytes a line end can begin with.
var lineEndFirst = func() (t [256]bool) {
	for _, c := range []byte{'\n', '\r', 0x0B, 0x0C, 0x1C, 0x1D, 0x1E, 0xC2, 0xE2} {
		t[c] = true
	}
	return t
}()

// lineEndLen returns the length of the line end that starts at b[i], or 0.
func lineEndLen(b []byte, i int) int {
	switch c := b[i]; {
	case c == '\n', c == '\r', c == 0x0B, c == 0x0C, c >= 0x1C && c <= 0x1E:
		return 1
	case c == 0xC2:
		if i+1 < len(b) && b[i+1] == 0x85 {
			return 2 // U+0085 NEL
		}
	case c == 0xE2:
		if i+2 < len(b) && b[i+1] == 0x80 && (b[i+2] == 0xA8 || b[i+2] == 0xA9) {
			return 3 // U+2028 LS, U+2029 PS
		}
	}
	return 0
}

// reframe returns an admitted JSON text written as one line: b itself when
// it holds no line end, otherwise a copy in which whitespace CR and LF are
// spaces and a raw U+0085, U+2028 or U+2029 inside a string is its \u
// escape. The JSON value is unchanged. b must be admitted (admit.Scan):
// only then is every CR or LF outside a string, every backslash inside one
// followed by an ASCII byte, and the walk below finds the strings' ends
// without checking escapes.
func reframe(b []byte) []byte {
	first := lineEndAt(b)
	if first < 0 {
		return b
	}
	out := make([]byte, 0, reframedLen(b, first))
	inString := false
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case inString && c == '\\' && i+1 < len(b):
			out = append(out, c, b[i+1])
			i += 2
			continue
		case c == '"':
			inString = !inString
		case i >= first:
			if n := lineEndLen(b, i); n > 0 {
				if c == '\n' || c == '\r' {
					out = append(out, ' ')
				} else {
					out = appendLineEndEscape(out, b[i:i+n])
				}
				i += n
				continue
			}
		}
		out = append(out, c)
		i++
	}
	return out
}

// reframedLen is the length of reframe(b), b holding its first line end
// at first: each NEL (2 bytes) and LS or PS (3 bytes) becomes a 6-byte
// escape, so the result is allocated once, whatever b holds.
func reframedLen(b []byte, first int) int {
	n := len(b)
	for i := first; i < len(b); i++ {
		if b[i] == 0xC2 || b[i] == 0xE2 {
			switch lineEndLen(b, i) {
			case 2:
				n += 4
			case 3:
				n += 3
			}
		}
	}
	return n
}

// appendLineEndEscape writes the \u escape of a raw U+0085, U+2028 or
// U+2029 (RFC 8259 section 7).
func appendLineEndEscape(out, seq []byte) []byte {
	switch {
	case len(seq) == 2:
		return append(out, `\u0085`...)
	case seq[2] == 0xA8:
		return append(out, `\u2028`...)
	default:
		return append(out, `\u2029`...)
	}
}

// FrameServerLine returns one line the server wrote (without its LF) as
// the guard relays it to the client: unchanged when it holds no line end;
// re-encoded as [reframe] does when it is an admitted JSON text (up to the
// deepest nesting the scanner admits); otherwise an error matching
// [ErrUnframeable], and the line must not be relayed: the client's reader
// could read it as several messages, one of them a request or an answer
// the server never sent as such.
func FrameServerLine(line []byte) ([]byte, error) { return frameLine(line) }

// frameLine is the one rule for every line the guard writes, in both
// directions: FrameServerLine's for the server's lines, and the last check
// on what Decide gives the proxy to forward, so that whatever Decide
// relays, the bytes on the server's input read as that one message.
func frameLine(line []byte) ([]byte, error) {
	at := lineEndAt(line)
	if at < 0 {
		return line, nil
	}
	opts := admit.Options{MaxDepth: admit.MaxDepthLimit, MaxSize: int64(len(line))}
	if len(line) == 0 || int64(len(line)) > admit.MaxSizeLimit {
		opts.MaxSize = 0
	}
	if err := admit.Scan(line, opts); err != nil {
		return nil, fmt.Errorf("%w: a line end at offset %d, and %v", ErrUnframeable, at, err)
	}
	return reframe(line), nil
}
