package guard

import (
	"bytes"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// An answer the guard drops (a server line over --max-server-line, or one
// that cannot be framed) still answers a request: if the guard only
// dropped it, the request would stay in flight for as long as the server
// runs and the client would wait for it (the red-team pass of
// docs/GUARD.md). The guard reads the id it can and answers the request
// with CodeServerGone itself. What it reads is bookkeeping, never relayed:
// an id that names no request in flight is ignored, and a misread one
// only ends, with -32000, a request the server could as well have answered
// with an error.

// droppedReplyID returns the id of a server answer over the cap, of which
// readLine kept only the first and the last bytes (edgeID), when head
// shows a "result" or "error" member and no "method".
func droppedReplyID(head, tail []byte) []byte {
	id, method, result := edgeID(head, tail)
	if method || !result {
		return nil
	}
	return id
}

// oversizeRequestID returns the id of a client message over the cap
// (edgeID), when head shows no "result" or "error" member: the request
// the guard refuses unread is answered by id, so that the client does not
// wait for an answer that comes with id null. Only the client reads it.
func oversizeRequestID(head, tail []byte) []byte {
	id, _, result := edgeID(head, tail)
	if result {
		return nil
	}
	return id
}

// edgeID reads the id of a line of which only the first bytes (head) and
// the last (tail) were kept: the top level of head read member by member
// up to the first value that does not end in it (the id first, as the Go
// and Python SDKs write a message), else the last member of tail when it
// is "id" (the id last, as the TypeScript SDK writes
// {"result":...,"jsonrpc":"2.0","id":1}). The id must be an admitted string
// or number token; two different ids are none. method and result report
// the members head shows.
func edgeID(head, tail []byte) (id []byte, method, result bool) {
	var first field
	c := jsonwire.NewCursor(head, jsonwire.SkipSpace(head, 0))
	for name, v, ok := c.Next(); ok; name, v, ok = c.Next() {
		tok := name.Of(head)
		end, ok := jsonwire.ValueEnd(head, v)
		whole := ok && end < len(head)
		switch {
		case jsonwire.NameIs(tok, "method"):
			method = true
		case jsonwire.NameIs(tok, "result"), jsonwire.NameIs(tok, "error"):
			result = true
		case jsonwire.NameIs(tok, "id") && whole:
			if first.ok {
				return nil, method, result // two ids
			}
			first = field{jsonwire.Span{Start: v, End: end}, true}
		}
		if !whole {
			break // the value runs past what was kept
		}
		c.Skip(end, ok)
	}
	if first.ok && admittedToken(first.Of(head)) {
		id = readID(head, first)
	}
	if last := lastMemberID(tail); last != nil {
		if id != nil && !bytes.Equal(id, last) {
			return nil, method, result
		}
		id = last
	}
	return id, method, result
}

// admittedToken reports whether tok, a string or number token, is one
// admitted JSON text.
func admittedToken(tok []byte) bool {
	return len(tok) > 0 && admit.Scan(tok, admit.Options{MaxSize: int64(len(tok))}) == nil
}

// lastMemberID reads b backwards as the end of an object whose last member
// is "id" with a number or a string value that holds no backslash:
// `,"id":17}` or `, "id" : "a-1" }`, and returns the value as readID
// writes it, or nil.
func lastMemberID(b []byte) []byte {
	i := skipSpaceBack(b, len(b))
	if i == 0 || b[i-1] != '}' {
		return nil
	}
	end := skipSpaceBack(b, i-1)
	start := end
	switch {
	case end > 0 && b[end-1] == '"':
		q := bytes.LastIndexByte(b[:end-1], '"')
		if q < 0 || bytes.IndexByte(b[q:end], '\\') >= 0 {
			return nil
		}
		start = q
	default:
		for start > 0 && bytes.IndexByte([]byte("0123456789+-.eE"), b[start-1]) >= 0 {
			start--
		}
	}
	if start == end {
		return nil
	}
	colon := skipSpaceBack(b, start)
	if colon == 0 || b[colon-1] != ':' {
		return nil
	}
	nameEnd := skipSpaceBack(b, colon-1)
	if nameEnd < 4 || string(b[nameEnd-4:nameEnd]) != `"id"` {
		return nil
	}
	before := skipSpaceBack(b, nameEnd-4)
	if before == 0 || b[before-1] != ',' && b[before-1] != '{' {
		return nil
	}
	tok := b[start:end]
	if !admittedToken(tok) {
		return nil
	}
	return append([]byte(nil), tok...)
}

// skipSpaceBack returns the offset just after the last byte before i that
// is not JSON whitespace.
func skipSpaceBack(b []byte, i int) int {
	for i > 0 && (b[i-1] == ' ' || b[i-1] == '\t' || b[i-1] == '\n' || b[i-1] == '\r') {
		i--
	}
	return i
}
