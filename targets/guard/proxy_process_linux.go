package guard

import (
	"io"
	"os"
	"strconv"
	"syscall"
)

// processAttr puts the server in a process group of its own (Setpgid) and
// has the kernel kill it if the guard dies without its shutdown (Pdeathsig,
// for a guard that is itself SIGKILLed).
func processAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// growPipe is fcntl(fd, F_SETPIPE_SZ, pipeSize); a refusal (over the
// system's pipe-max-size) keeps the pipe as it is.
func growPipe(fd uintptr) {
	const fSetPipeSz = 1031 // F_SETPIPE_SZ, linux/fcntl.h
	_, _, _ = syscall.Syscall(syscall.SYS_FCNTL, fd, fSetPipeSz, pipeSize)
}

// pollableOutput returns, for a client output that is a pipe whose
// descriptor blocks (the standard output `canonfuzz guard` inherits), a
// second open file description of the same pipe, opened non-blocking
// (open(2) of /proc/self/fd/N), so that the guard writes an answer from the
// goroutine that read it (nonBlockingWrite) and the Go poller waits when
// the pipe is full. The inherited descriptor is left as it is: O_NONBLOCK
// on it would change the description the client (or a shell) may share.
// Anything else, or a pipe that cannot be opened so, is returned as it is;
// done closes what was opened.
func pollableOutput(w io.Writer) (out io.Writer, done func()) {
	f, ok := w.(*os.File)
	if !ok || nonBlockingWrite(f) != nil {
		return w, func() {}
	}
	if p, done := ownAgain(f, syscall.O_WRONLY); p != nil {
		return p, done
	}
	return w, func() {}
}

// pollableInput is pollableOutput for the client's input (the standard
// input `canonfuzz guard` inherits): a pipe whose descriptor blocks is
// opened again non-blocking and read through the Go poller (ownedPipe), so
// that no thread of the guard sits in a read(2) between messages (issue
// 20: a thread blocked in a system call keeps the runtime's monitor
// thread awake and makes it hand the processor to another thread, about
// ten context switches a round trip when the client pauses between
// requests; docs/PERFORMANCE.md, "Guard latency"). done closes what was
// opened, which ends a read waiting on it.
func pollableInput(r io.Reader) (in io.Reader, done func()) {
	f, ok := r.(*os.File)
	if !ok {
		return r, func() {}
	}
	if blocks, known := blocking(f); !known || !blocks {
		return r, func() {}
	}
	if p, done := ownAgain(f, syscall.O_RDONLY); p != nil {
		return p, done
	}
	return r, func() {}
}

// ownAgain is the pipe f opened again non-blocking (reopenPipe) with the
// access mode given, as an ownedPipe, and what closes it; nil when it
// cannot be.
func ownAgain(f *os.File, mode int) (*ownedPipe, func()) {
	again := reopenPipe(f, mode)
	if again == nil {
		return nil, nil
	}
	p := ownPipe(again)
	if p == nil {
		again.Close()
		return nil, nil
	}
	return p, func() { again.Close() }
}

// reopenPipe opens the pipe f again, non-blocking, with the access mode
// given; nil when f is not a pipe or cannot be opened so.
func reopenPipe(f *os.File, mode int) *os.File {
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		return nil
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	var again *os.File
	_ = rc.Control(func(fd uintptr) {
		path := "/proc/self/fd/" + strconv.FormatUint(uint64(fd), 10)
		nfd, err := syscall.Open(path, mode|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err == nil {
			again = os.NewFile(uintptr(nfd), f.Name())
		}
	})
	return again
}
