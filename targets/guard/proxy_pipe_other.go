//go:build unix && !linux

package guard

import "syscall"

// rawRead is read(2) through the syscall package: outside Linux (macOS
// makes its system calls through libc) the runtime's own path is kept.
func rawRead(fd uintptr, b []byte) (int, syscall.Errno) { return errnoOf(syscall.Read(int(fd), b)) }

// rawWrite is write(2), as rawRead.
func rawWrite(fd uintptr, b []byte) (int, syscall.Errno) { return errnoOf(syscall.Write(int(fd), b)) }

func errnoOf(n int, err error) (int, syscall.Errno) {
	if err != nil {
		errno, _ := err.(syscall.Errno)
		if errno == 0 {
			errno = syscall.EIO
		}
		return 0, errno
	}
	return n, 0
}
