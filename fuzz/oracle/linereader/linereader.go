// Package linereader holds the ways a server or client reads a stream of
// newline-delimited messages into lines (the framing of the MCP stdio
// transport: messages "are delimited by newlines, and MUST NOT contain
// embedded newlines"), each written from its reader's documentation and
// independently of targets/guard/framing.go. A guard's output is one
// message to every one of them only if it holds none of their line ends.
//
// Every reader returns the lines of a whole stream without their line
// ends: an empty line between two line ends is a line, and a last piece
// without a line end is a line when it is not empty, as each reader
// delivers it at the end of its input.
package linereader

import (
	"bytes"
	"errors"
	"unicode/utf8"
)

// Reader is one way of splitting a stream into lines.
type Reader struct {
	Name string
	// Doc is what the reader's documentation says it splits on.
	Doc   string
	Lines func(stream []byte) ([][]byte, error)
}

// Readers are the framings a message of the stdio transport may meet:
//
//   - lf: on LF alone, as a reader that takes "\n" as the delimiter
//     (the MCP TypeScript SDK's ReadBuffer, Go's bytes.Split on '\n'); a CR
//     stays in the line;
//   - crlf: on CR LF alone, the line end of RFC 5322 and HTTP;
//   - cr: on CR alone, the classic Mac OS line end;
//   - python-universal: Python's text mode with universal newlines
//     (io.TextIOWrapper, newline=None: "Lines in the input can end in
//     '\n', '\r', or '\r\n'"), as the MCP Python SDK's stdio transport
//     reads stdin;
//   - python-splitlines: Python's str.splitlines, on the UTF-8-decoded
//     text: \n, \r, \r\n, \v or \x0b, \f or \x0c, \x1c, \x1d, \x1e, \x85,
//     \u2028, \u2029; bytes that are not UTF-8 do not decode (the strict
//     decoder raises), which is an error;
//   - node-readline: Node's readline ("the 'line' event is emitted
//     whenever the input stream receives an end-of-line input (\n, \r, or
//     \r\n)").
var Readers = []Reader{
	{"lf", "LF", func(b []byte) ([][]byte, error) { return splitOn(b, "\n"), nil }},
	{"crlf", "CR LF", func(b []byte) ([][]byte, error) { return splitOn(b, "\r\n"), nil }},
	{"cr", "CR", func(b []byte) ([][]byte, error) { return splitOn(b, "\r"), nil }},
	{"python-universal", "LF, CR, CR LF", universal},
	{"python-splitlines", "LF, CR, CR LF, VT, FF, FS, GS, RS, NEL, LS, PS on decoded text", splitlines},
	{"node-readline", "LF, CR, CR LF", universal},
}

// ErrNotUTF8 is the error of a reader that decodes the stream and meets
// bytes that are not UTF-8.
var ErrNotUTF8 = errors.New("linereader: the stream is not UTF-8")

// splitOn splits on one line end.
func splitOn(b []byte, end string) [][]byte {
	parts := bytes.Split(b, []byte(end))
	if last := parts[len(parts)-1]; len(last) == 0 {
		parts = parts[:len(parts)-1]
	}
	return parts
}

// universal splits on LF, CR and CR LF, the last as one line end.
func universal(b []byte) ([][]byte, error) {
	var lines [][]byte
	start := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '\n':
			lines, start = append(lines, b[start:i]), i+1
		case '\r':
			lines = append(lines, b[start:i])
			if i+1 < len(b) && b[i+1] == '\n' {
				i++
			}
			start = i + 1
		}
	}
	if start < len(b) {
		lines = append(lines, b[start:])
	}
	return lines, nil
}

// splitlines is str.splitlines on the decoded text, the lines given back
// as UTF-8.
func splitlines(b []byte) ([][]byte, error) {
	if !utf8.Valid(b) {
		return nil, ErrNotUTF8
	}
	var lines [][]byte
	start := 0
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		switch r {
		case '\n', '\v', '\f', 0x1c, 0x1d, 0x1e, 0x85, 0x2028, 0x2029:
			lines, start = append(lines, b[start:i]), i+n
		case '\r':
			lines = append(lines, b[start:i])
			if i+1 < len(b) && b[i+1] == '\n' {
				n++
			}
			start = i + n
		}
		i += n
	}
	if start < len(b) {
		lines = append(lines, b[start:])
	}
	return lines, nil
}
