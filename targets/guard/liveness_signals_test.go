package guard

import "syscall"

const (
	syscallSIGTERM = syscall.SIGTERM
	syscallSIGINT  = syscall.SIGINT
)
