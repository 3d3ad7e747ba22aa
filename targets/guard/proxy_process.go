package guard

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// pipeSize is the capacity asked of every pipe to and from the server
// (F_SETPIPE_SZ): 1 MiB, the default /proc/sys/fs/pipe-max-size, so a
// large message crosses in few system calls. A refusal keeps the default.
const pipeSize = 1 << 20

// server is the started server process: its own process group, the
// guard's ends of its three pipes.
type server struct {
	cmd    *exec.Cmd
	pgid   int
	stdin  *os.File // the guard writes, the server reads
	stdout *os.File // the server writes, the guard reads
	stderr *os.File // nil when Proxy.Stderr is nil
}

// startServer starts p.Command in a process group of its own, so that the
// guard can signal and kill it and everything it started as one (the group
// never outlives the guard), with pipes the guard's ends of which are
// non-blocking (closing one wakes the goroutine blocked on it).
func startServer(p *Proxy) (*server, error) {
	cmd := exec.Command(p.Command, p.Args...)
	cmd.Env = p.Env
	cmd.SysProcAttr = processAttr()
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		closeAll(inR, inW)
		return nil, err
	}
	s := &server{cmd: cmd, stdin: inW, stdout: outR}
	childEnds := []*os.File{inR, outW}
	cmd.Stdin, cmd.Stdout = inR, outW
	if p.Stderr != nil {
		errR, errW, err := os.Pipe()
		if err != nil {
			closeAll(inR, inW, outR, outW)
			return nil, err
		}
		s.stderr = errR
		childEnds = append(childEnds, errW)
		cmd.Stderr = errW
	}
	GrowPipe(inW)
	GrowPipe(outR)
	if err := cmd.Start(); err != nil {
		closeAll(childEnds...)
		closeAll(inW, outR, s.stderr)
		return nil, fmt.Errorf("guard: starting the server: %w", err)
	}
	closeAll(childEnds...)
	s.pgid = cmd.Process.Pid
	return s, nil
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		if f != nil {
			f.Close()
		}
	}
}

// GrowPipe asks for a 1 MiB pipe (F_SETPIPE_SZ) when f is a pipe; a
// refusal, or a file that is not a pipe, is left as it is. It does not call
// f.Fd(), which would make f blocking.
func GrowPipe(f *os.File) {
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	_ = rc.Control(func(fd uintptr) { growPipe(fd) })
}

// signal sends sig to the server's process group; an error is ESRCH once
// the group is gone.
func (s *server) signal(sig syscall.Signal) error {
	err := syscall.Kill(-s.pgid, sig)
	if errors.Is(err, syscall.ESRCH) {
		return nil
	}
	return err
}

// exitStatus reads the server's end: its status, or the signal that ended
// it (0 when it exited).
func exitStatus(st *os.ProcessState) (code int, sig syscall.Signal) {
	if st == nil {
		return -1, 0
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return -1, ws.Signal()
	}
	return st.ExitCode(), 0
}
