package guard

import "syscall"

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
