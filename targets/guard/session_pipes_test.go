package guard

import (
	"bufio"
	"io"
	"testing"
)

// pipeSession starts p's server and a session of it on pipes, as the
// command does on its standard streams: it returns the client's writer,
// the reader of what the guard writes to the client, the session, and the
// session's exit status once it ends (the client's reader then ends too).
// The client's writer is closed when the test ends. p must be valid.
func pipeSession(t *testing.T, p *Proxy) (*io.PipeWriter, *io.PipeReader, *session, chan int) {
	t.Helper()
	srv, err := startServer(p)
	if err != nil {
		t.Fatal(err)
	}
	cr, cw := io.Pipe()
	or, ow := io.Pipe()
	s := newSession(p, srv, ow)
	done := make(chan int, 1)
	go func() {
		done <- s.run(cr)
		ow.Close()
	}()
	t.Cleanup(func() { cw.Close() })
	return cw, or, s, done
}

// linesOf sends each line r holds, with its line end, on the channel it
// returns (room for n lines), and closes it at r's end.
func linesOf(r io.Reader, n int) chan []byte {
	lines := make(chan []byte, n)
	go func() {
		defer close(lines)
		br := bufio.NewReaderSize(r, 1<<20)
		for {
			l, err := br.ReadBytes('\n')
			if err != nil {
				return
			}
			lines <- l
		}
	}()
	return lines
}
