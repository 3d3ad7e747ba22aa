package guard

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// errLineTooLong is returned by readLine for a line longer than its cap;
// the line has been consumed to its end and n is its length.
type errLineTooLong struct{ n int64 }

func (e *errLineTooLong) Error() string { return "guard: line too long" }

// readLine reads one newline-delimited message (the MCP stdio transport:
// "messages are delimited by newlines") and returns it without its '\n'. A
// final line without a newline is returned too, with io.ErrUnexpectedEOF
// (the client's may be decided; the server's is a message cut short);
// io.EOF only when nothing is left. A line longer than max bytes is read to its end but not kept,
// so memory stays within max plus the reader's buffer, and the error is
// an *errLineTooLong: the message is refused whole, never split.
func readLine(r *bufio.Reader, max int64) ([]byte, error) {
	var buf []byte
	var total int64
	for {
		chunk, err := r.ReadSlice('\n')
		total += int64(len(chunk))
		if total <= max+1 {
			buf = append(buf, chunk...)
		} else {
			buf = nil
		}
		switch {
		case err == nil:
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if total == 0 {
				return nil, io.EOF
			}
		default:
			return nil, err
		}
		n := total
		terminated := len(chunk) > 0 && chunk[len(chunk)-1] == '\n'
		if terminated {
			n--
		}
		if n > max {
			return nil, &errLineTooLong{n: n}
		}
		if !terminated {
			return buf, io.ErrUnexpectedEOF
		}
		return buf[:len(buf)-1], nil
	}
}

// blank reports whether a line holds no message at all (only JSON
// whitespace); such a line is skipped, not answered.
func blank(line []byte) bool {
	return len(bytes.Trim(line, " \t\r")) == 0
}

// tooLarge is the decision on a client line longer than the proxy's
// message cap, which is never read whole: -32700 with id null, like the
// TooLarge refusal of admit.Scan at that cap.
func tooLarge(size, limit int64) Decision {
	return answer(nil, notAdmitted(&admit.Error{Kind: admit.TooLarge, Offset: limit,
		Detail: fmt.Sprintf("the message is %d bytes, longer than the guard's message cap of %d", size, limit)}))
}

// replyID reads the top level of a server line and, if it is a response
// (an object with "result" or "error" and no "method"; JSON-RPC 2.0
// section 5) whose id is a string or a number, returns the id as readID
// writes it. It reads only the top level: values are skipped, not decoded,
// so a large result costs one pass. It is bookkeeping, not a verdict: a
// line it cannot read is relayed as it is.
func replyID(line []byte) ([]byte, bool) {
	var id []byte
	method, result := false, false
	i := skipSpace(line, 0)
	if i >= len(line) || line[i] != '{' {
		return nil, false
	}
	i = skipSpace(line, i+1)
	if i < len(line) && line[i] == '}' {
		return nil, false
	}
	for i < len(line) {
		if line[i] != '"' {
			return nil, false
		}
		end, ok := skipString(line, i)
		if !ok {
			return nil, false
		}
		name := memberName(line[i:end])
		i = skipSpace(line, end)
		if i >= len(line) || line[i] != ':' {
			return nil, false
		}
		i = skipSpace(line, i+1)
		start := i
		if i, ok = skipValue(line, i); !ok {
			return nil, false
		}
		switch name {
		case "id":
			id = line[start:i]
		case "method":
			method = true
		case "result", "error":
			result = true
		}
		i = skipSpace(line, i)
		if i < len(line) && line[i] == ',' {
			i = skipSpace(line, i+1)
			continue
		}
		if i < len(line) && line[i] == '}' {
			break
		}
		return nil, false
	}
	if method || !result || id == nil {
		return nil, false
	}
	if plainID(id) {
		return id, true
	}
	v, err := bound.ParseValue(id)
	if err != nil {
		return nil, false
	}
	if id = readIDValue(v); id == nil {
		return nil, false
	}
	return id, true
}

// plainID reports whether an id's JSON is already as readID writes it, so
// that it need not be decoded: an integer of at most 15 digits without a
// leading zero (its shortest round-trip form is itself), or a string with
// no escape and no control character (RFC 8785 section 3.2.2.2 escapes
// nothing else). A string's UTF-8 is not checked: an id that is not valid
// UTF-8 matches no request in flight, since the client's ids are admitted.
func plainID(b []byte) bool {
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		for _, c := range b[1 : len(b)-1] {
			if c < 0x20 || c == '\\' || c == '"' {
				return false
			}
		}
		return true
	}
	digits := b
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 15 || (digits[0] == '0' && len(b) > 1) {
		return false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// readIDValue is readID's reading of an id member's value.
func readIDValue(id bound.Value) []byte {
	if id.Kind != bound.KindString && id.Kind != bound.KindNumber {
		return nil
	}
	b, err := id.MarshalJSON()
	if err != nil {
		return nil
	}
	return b
}

// memberName decodes a quoted member name (escapes only when it has one).
func memberName(q []byte) string {
	if bytes.IndexByte(q, '\\') < 0 {
		return string(q[1 : len(q)-1])
	}
	var s string
	if json.Unmarshal(q, &s) != nil {
		return ""
	}
	return s
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n') {
		i++
	}
	return i
}

// skipString returns the offset after the string that starts at b[i].
func skipString(b []byte, i int) (int, bool) {
	i++
	for {
		j := bytes.IndexAny(b[i:], "\"\\")
		if j < 0 {
			return 0, false
		}
		i += j
		if b[i] == '"' {
			return i + 1, true
		}
		i += 2
		if i > len(b) {
			return 0, false
		}
	}
}

// skipValue returns the offset after the value that starts at b[i],
// counting brackets outside strings (no recursion, whatever the depth).
func skipValue(b []byte, i int) (int, bool) {
	depth := 0
	for i < len(b) {
		switch c := b[i]; c {
		case '"':
			end, ok := skipString(b, i)
			if !ok {
				return 0, false
			}
			i = end
		case '{', '[':
			depth++
			i++
		case '}', ']':
			if depth == 0 {
				return i, true
			}
			depth--
			i++
		case ',':
			if depth == 0 {
				return i, true
			}
			i++
		default:
			if depth == 0 && (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
				return i, true
			}
			i++
		}
		if depth == 0 && i > 0 && (b[i-1] == '"' || b[i-1] == '}' || b[i-1] == ']') {
			return i, true
		}
	}
	return i, depth == 0
}
