package subprocess

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"time"
)

// exitGrace is how long a program that closed its stdout, or whose stdin
// was closed, has to exit before it is killed.
const exitGrace = time.Second

// line is one line the program wrote to stdout, or why there is none.
type line struct {
	data []byte
	err  error
}

// process is one run of the program: started once, stopped once.
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan line     // the reader's lines, one at a time
	quit   chan struct{} // closed by stop: the reader gives up sending
	exited chan struct{} // closed once cmd.Wait has returned
	exit   error         // what cmd.Wait returned; read after exited
	stderr *tail
}

// startProcess starts the program of cfg with its stdout read line by line.
func startProcess(cfg *Config) (*process, error) {
	cmd := exec.Command(cfg.Command, cfg.Args...)
	cmd.Dir = cfg.Dir
	cmd.Env = cfg.Env
	cmd.WaitDelay = exitGrace
	p := &process{
		cmd:    cmd,
		lines:  make(chan line),
		quit:   make(chan struct{}),
		exited: make(chan struct{}),
		stderr: &tail{},
	}
	cmd.Stderr = p.stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p.stdin = stdin
	go p.read(bufio.NewReaderSize(stdout, 64<<10), cfg.MaxLine)
	return p, nil
}

// read hands each stdout line to the request waiting for it, then, at the
// end of stdout, waits for the program so its exit state is known.
func (p *process) read(r *bufio.Reader, max int) {
	defer func() {
		p.exit = p.cmd.Wait()
		close(p.exited)
	}()
	for {
		data, err := readLine(r, max)
		select {
		case p.lines <- line{data, err}:
		case <-p.quit:
			return
		}
		if err != nil {
			return
		}
	}
}

// errLineTooLong: a line past Config.MaxLine.
var errLineTooLong = errors.New("response line too long")

// readLine reads one '\n'-terminated line of at most max bytes.
func readLine(r *bufio.Reader, max int) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf)+len(chunk) > max {
			return nil, fmt.Errorf("%w: over %d bytes", errLineTooLong, max)
		}
		buf = append(buf, chunk...)
		switch {
		case err == nil:
			return buf[:len(buf)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case len(buf) > 0 && errors.Is(err, io.EOF):
			return nil, fmt.Errorf("stdout ended inside a line: %w", io.ErrUnexpectedEOF)
		default:
			return nil, err
		}
	}
}

// send writes one request line.
func (p *process) send(data []byte) error {
	_, err := p.stdin.Write(append(data, '\n'))
	return err
}

// kill stops the program at once and waits for it; it returns how it ended.
func (p *process) kill() string {
	close(p.quit)
	_ = p.cmd.Process.Kill()
	_ = p.stdin.Close()
	<-p.exited
	return exitState(p.exit)
}

// settle gives a program whose stdout ended exitGrace to exit by itself,
// then kills it; it returns how it ended.
func (p *process) settle() string {
	select {
	case <-p.exited:
		return exitState(p.exit)
	case <-time.After(exitGrace):
		return p.kill()
	}
}

// shutdown closes stdin, lets the program exit by itself within exitGrace,
// and kills it otherwise. It returns the program's exit error, if any,
// unless it had to be killed.
func (p *process) shutdown() error {
	_ = p.stdin.Close()
	close(p.quit)
	select {
	case <-p.exited:
		return p.exit
	case <-time.After(exitGrace):
		_ = p.cmd.Process.Kill()
		<-p.exited
		return nil
	}
}

// exitState describes how cmd.Wait said the program ended.
func exitState(err error) string {
	if err == nil {
		return "exit status 0"
	}
	return err.Error()
}
