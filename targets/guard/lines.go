package guard

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// errLineTooLong is returned by readLine for a line longer than its cap;
// the line has been consumed to its end and n is its length. head and tail
// are its first and last bytes (up to edgeBytes each, without the
// newline), all that is kept of it: enough to find the id of an answer
// the guard drops (droppedReplyID).
type errLineTooLong struct {
	n          int64
	head, tail []byte
}

// edgeBytes is how much of each end of a line over the cap readLine keeps.
const edgeBytes = 4 << 10

func (e *errLineTooLong) Error() string { return "guard: line too long" }

// readLine reads one newline-delimited message (the MCP stdio transport:
// "messages are delimited by newlines") and returns it without its '\n'. A
// final line without a newline is returned too, with io.ErrUnexpectedEOF
// (the client's may be decided; the server's is a message cut short);
// io.EOF only when nothing is left. A blank line (blank) that the reader
// holds whole is skipped without a copy (a flood of them costs no
// allocation), one longer than its buffer is returned for the caller to
// skip. A line longer than max bytes is read
// to its end but not kept (only its first and last edgeBytes), so memory
// stays within max plus the reader's buffer, and the error is an
// *errLineTooLong: the message is refused whole, never split.
func readLine(r *bufio.Reader, max int64) ([]byte, error) {
	var buf, head, tail []byte
	var total int64
	for {
		chunk, err := r.ReadSlice('\n')
		if total == 0 && err == nil && blank(chunk[:len(chunk)-1]) {
			continue // a blank line read whole: no message, skipped uncopied
		}
		total += int64(len(chunk))
		switch {
		case total <= max+1:
			buf = append(buf, chunk...)
		case buf != nil || head == nil:
			// the line goes over the cap here: keep its first bytes, and
			// from now on only its last ones
			buf = append(buf, chunk...)
			head = append([]byte(nil), buf[:min(len(buf), edgeBytes)]...)
			tail = lastBytes(nil, buf)
			buf = nil
		default:
			if len(head) < edgeBytes {
				head = append(head, chunk[:min(len(chunk), edgeBytes-len(head))]...)
			}
			tail = lastBytes(tail, chunk)
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
			if terminated {
				tail = tail[:len(tail)-1]
				head = head[:min(int64(len(head)), n)]
			}
			if len(tail) > edgeBytes {
				tail = tail[len(tail)-edgeBytes:]
			}
			return nil, &errLineTooLong{n: n, head: head, tail: tail}
		}
		if !terminated {
			return buf, io.ErrUnexpectedEOF
		}
		return buf[:len(buf)-1], nil
	}
}

// lastBytes returns the last edgeBytes+1 bytes (the last edgeBytes and
// the newline) of tail followed by b, in a buffer of its own.
func lastBytes(tail, b []byte) []byte {
	const keepMax = edgeBytes + 1
	if len(b) >= keepMax {
		return append(tail[:0], b[len(b)-keepMax:]...)
	}
	keep := min(len(tail), keepMax-len(b))
	out := make([]byte, 0, keep+len(b))
	out = append(out, tail[len(tail)-keep:]...)
	return append(out, b...)
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
// writes it, which the pending table keys (idKeyOf) to find the request it
// answers: a number by its value, so an answer with id 1 answers the
// request with id 1.0; the line is relayed as the server wrote it. It walks the top level only
// (targets/internal/jsonwire; values are skipped, not decoded), so a large result
// costs one pass. It is bookkeeping, not a verdict: the line is not
// admitted, so what it reads on one that is not JSON means nothing, and
// such a line is relayed as it is (when FrameServerLine lets it through).
//
// twoIDs reports a top level with more than one "id" member once names are
// decoded (`"id":1,"\u0069d":2`), or matched without case (`"ID":2`, as
// Go's encoding/json into a struct reads it; fold.go): two clients read
// two different answers in it, so it must not be relayed (the guard
// would mark one request answered and the client read the other; the
// red-team pass of docs/GUARD.md).
func replyID(line []byte) (id []byte, ok bool, twoIDs bool) {
	top := jsonwire.SkipSpace(line, 0)
	var f field
	ids := 0
	method, result := false, false
	complete := jsonwire.Members(line, top, func(m jsonwire.Member) bool {
		name := m.Name.Of(line)
		switch {
		case jsonwire.NameIs(name, "id"):
			f = field{m.Value, true}
			ids++
		case jsonwire.NameIs(name, "method"):
			method = true
		case jsonwire.NameIs(name, "result"), jsonwire.NameIs(name, "error"):
			result = true
		default:
			if _, alias := aliasOf(name, idNames); alias {
				ids++ // "ID": an id to a client matching names without case
			}
		}
		return true
	})
	if ids > 1 {
		return nil, false, true
	}
	if !complete || method || !result {
		return nil, false, false
	}
	b := readID(line, f)
	return b, b != nil, false
}
