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
type ownedPipe struct {
	f  *os.File
	rc syscall.RawConn
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
	return &ownedPipe{f: f, rc: rc}
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
	var n int
	var errno syscall.Errno
	if err := p.rc.Read(func(fd uintptr) bool {
		for {
			n, errno = rawRead(fd, b)
			switch errno {
			case syscall.EINTR:
				continue
			case syscall.EAGAIN:
				return false // empty: the poller waits for data
			}
			return true
		}
	}); err != nil {
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

// Write writes all of b as os.File does, waiting in the poller while the
// pipe is full (the direction's writer, lineQueue.writeAll).
func (p *ownedPipe) Write(b []byte) (int, error) { return p.f.Write(b) }

// tryWrite is one write(2) that never waits (lineQueue.send): what the
// pipe took, and EAGAIN when it took nothing because it is full.
func (p *ownedPipe) tryWrite(b []byte) (int, error) {
	var n int
	var errno syscall.Errno
	if err := p.rc.Write(func(fd uintptr) bool {
		for {
			if n, errno = rawWrite(fd, b); errno != syscall.EINTR {
				return true // done, whatever it wrote: never wait for the poller
			}
		}
	}); err != nil {
		return 0, err
	}
	if errno != 0 {
		return 0, errno
	}
	return n, nil
}
