package guard

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// errLineTooLong is returned by readLine for a line longer than its cap;
// the line has been consumed to its end and n is its length.
type errLineTooLong struct{ n int64 }

func (e *errLineTooLong) Error() string { return "guard: line too long" }

// readLine reads one newline-delimited message (the MCP stdio transport:
// "messages are delimited by newlines") and returns it without its '\n'. A
// final line without a newline is returned too; io.EOF only when nothing
// is left. A line longer than max bytes is read to its end but not kept,
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
		if len(chunk) > 0 && chunk[len(chunk)-1] == '\n' {
			n--
		}
		if n > max {
			return nil, &errLineTooLong{n: n}
		}
		return bytes.TrimSuffix(buf, []byte{'\n'}), nil
	}
}

// blank reports whether a line holds no message at all (only JSON
// whitespace); such a line is skipped, not answered.
func blank(line []byte) bool {
	return len(bytes.Trim(line, " \t\r")) == 0
}
