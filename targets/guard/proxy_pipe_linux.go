package guard

import (
	"syscall"
	"unsafe"
)

// rawRead is read(2) on a non-blocking descriptor, made with
// syscall.RawSyscall: the runtime is not told of a call that cannot block,
// so it neither wakes its monitor thread (sysmon, asleep while the guard
// waits in the poller) on the way in nor looks for a processor on the way
// out. len(b) > 0.
func rawRead(fd uintptr, b []byte) (int, syscall.Errno) {
	n, _, errno := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
	if errno != 0 {
		return 0, errno
	}
	return int(n), 0
}

// rawWrite is write(2) on a non-blocking descriptor, as rawRead.
func rawWrite(fd uintptr, b []byte) (int, syscall.Errno) {
	if len(b) == 0 {
		return 0, 0
	}
	n, _, errno := syscall.RawSyscall(syscall.SYS_WRITE, fd, uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
	if errno != 0 {
		return 0, errno
	}
	return int(n), 0
}
