//go:build unix && !linux

package guard

import (
	"io"
	"syscall"
)

// processAttr puts the server in a process group of its own.
func processAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// growPipe does nothing where pipes cannot be resized.
func growPipe(uintptr) {}

// pollableOutput returns w as it is: there is no /proc/self/fd to open a
// pipe again non-blocking.
func pollableOutput(w io.Writer) (io.Writer, func()) { return w, func() {} }

// pollableInput returns r as it is, as pollableOutput.
func pollableInput(r io.Reader) (io.Reader, func()) { return r, func() {} }
