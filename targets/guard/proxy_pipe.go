package guard

import (
	"io"
	"os"
	"syscall"
)

// ownedPipe is an end of a pipe the guard opened itself: its server's
// pipes (startServer) and the client's pipes opened again non-blocking
// (pollableInput, pollableOutput). Its descriptor is non-blocking and in
// the Go poller, and nobody else holds its open file description, so
// nothing can make it blocking behind the guard's back. Read and tryWrite
// make their read(2) and write(2) without the runtime's system call
// bookkeeping (rawRead, rawWrite): such a call never waits, so there is
// nothing for the runtime to hand off, and a goroutine woken by the poller
// reads and writes a message without waking the runtime's monitor thread
// (issue 20; see docs/PERFORMANCE.md, "Guard latency"). Waiting is left to
// the poller, as os.File does it.
//
// One goroutine at a time reads an ownedPipe (its direction's reader) and
// one at a time tries a write (lineQueue keeps one write in flight: busy),
// so each keeps its call's state in the pipe, and the functions that
// syscall.RawConn calls are made once: a closure made for each call was an
// allocation a message each way.
type ownedPipe struct {
	f      *os.File
	rc     syscall.RawConn
	rd, wr rawCall
	// read and write are rd's and wr's system calls, as RawConn.Read and
	// RawConn.Write take them.
	read, write func(fd uintptr) bool
}

// rawCall is one read(2) or write(2) of an ownedPipe in progress: its
// buffer, then what it did.
type rawCall struct {
	b     []byte
	n     int
	errno syscall.Errno
}

// ownPipe returns f as an ownedPipe, or nil when its descriptor blocks or
// its flags cannot be read (it is then read and written as the os.File
// it is). f must be a pipe end the guard opened and shares with nobody.
func ownPipe(f *os.File) *ownedPipe {
	if blocks, known := blocking(f); !known || blocks {
		return nil
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	p := &ownedPipe{f: f, rc: rc}
	p.read, p.write = p.readOnce, p.writeOnce
	return p
}

// pipeReader is f read as an ownedPipe when it can be one, else f.
func pipeReader(f *os.File) io.Reader {
	if p := ownPipe(f); p != nil {
		return p
	}
	return f
}

// pipeWriter is f written as an ownedPipe when it can be one, else f.
func pipeWriter(f *os.File) io.Writer {
	if p := ownPipe(f); p != nil {
		return p
	}
	return f
}

// Read reads what the pipe holds, waiting in the poller while it is empty;
// io.EOF once every writer has closed it. Once the file is closed (the
// supervisor closes it to stop the reader), or if the poller refuses it,
// the read is the os.File's, which reports the error as os.File does
// (os.ErrClosed).
func (p *ownedPipe) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	p.rd = rawCall{b: b}
	err := p.rc.Read(p.read)
	n, errno := p.rd.n, p.rd.errno
	p.rd = rawCall{}
	if err != nil {
		return p.f.Read(b)
	}
	switch {
	case errno != 0:
		return 0, &os.PathError{Op: "read", Path: p.f.Name(), Err: errno}
	case n == 0:
		return 0, io.EOF
	}
	return n, nil
}

// readOnce is Read's system call, made when the poller has found the pipe
// readable: false when it was empty after all, and the poller waits again.
func (p *ownedPipe) readOnce(fd uintptr) bool {
	for {
		p.rd.n, p.rd.errno = rawRead(fd, p.rd.b)
		switch p.rd.errno {
		case syscall.EINTR:
			continue
		case syscall.EAGAIN:
			return false // empty: the poller waits for data
		}
		return true
	}
}

// Write writes all of b as os.File does, waiting in the poller while the
// pipe is full (the direction's writer, lineQueue.writeAll).
func (p *ownedPipe) Write(b []byte) (int, error) { return p.f.Write(b) }

// tryWrite is one write(2) that never waits (lineQueue.send): what the
// pipe took, and EAGAIN when it took nothing because it is full.
func (p *ownedPipe) tryWrite(b []byte) (int, error) {
	p.wr = rawCall{b: b}
	err := p.rc.Write(p.write)
	n, errno := p.wr.n, p.wr.errno
	p.wr = rawCall{}
	if err != nil {
		return 0, err
	}
	if errno != 0 {
		return 0, errno
	}
	return n, nil
}

// writeOnce is tryWrite's system call: done, whatever it wrote, never
// waiting for the poller.
func (p *ownedPipe) writeOnce(fd uintptr) bool {
	for {
		if p.wr.n, p.wr.errno = rawWrite(fd, p.wr.b); p.wr.errno != syscall.EINTR {
			return true
		}
	}
}
