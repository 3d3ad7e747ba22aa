package guard

import (
	"io"
	"syscall"
)

// nonBlockingWrite returns a write to w that never waits: one write(2) on
// its file descriptor, which the kernel refuses with EAGAIN, or cuts
// short, when the pipe is full. It is nil unless w is a file or connection
// whose descriptor is non-blocking (the pipes the guard makes for its
// server; the client's output when it is one: pollableOutput), so a writer
// that can block is only ever written by its own goroutine, and a peer that
// stops reading never stops the goroutine that sends. A pipe the guard
// owns (ownedPipe) is written with its tryWrite.
func nonBlockingWrite(w io.Writer) func([]byte) (int, error) {
	if p, ok := w.(*ownedPipe); ok {
		return p.tryWrite
	}
	sc, ok := w.(syscall.Conn)
	if !ok {
		return nil
	}
	if blocks, known := blocking(sc); !known || blocks {
		return nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return func(b []byte) (n int, err error) {
		if cerr := rc.Write(func(fd uintptr) bool {
			n, err = syscall.Write(int(fd), b)
			return true // done, whatever it wrote: never wait for the poller
		}); cerr != nil {
			return 0, cerr
		}
		return max(n, 0), err
	}
}

// blocking reports whether c's descriptor blocks (O_NONBLOCK clear);
// known is false when its flags cannot be read.
func blocking(c syscall.Conn) (blocks, known bool) {
	rc, err := c.SyscallConn()
	if err != nil {
		return false, false
	}
	_ = rc.Control(func(fd uintptr) {
		flags, _, errno := syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0)
		blocks, known = flags&syscall.O_NONBLOCK == 0, errno == 0
	})
	return blocks, known
}
