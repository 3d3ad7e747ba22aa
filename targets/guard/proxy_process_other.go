//go:build unix && !linux

package guard

import "syscall"

// processAttr puts the server in a process group of its own.
func processAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// growPipe does nothing where pipes cannot be resized.
func growPipe(uintptr) {}
