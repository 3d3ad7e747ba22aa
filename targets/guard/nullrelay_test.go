package guard

import (
	"bufio"
	"io"
	"os"
	"os/exec"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// nullRelay is the test binary's relay mode, the floor BenchmarkProxyLatency
// measures the guard binary against: a process between the client's pipes
// (its standard input and output) and a server (this test binary in
// serverMode, its child on two new pipes, as startServer makes them), that
// copies each line across and does nothing else. With plain false it reads
// and writes as the guard does (pollableInput, pollableOutput, ownedPipe,
// one write that never waits, then a waiting one for what is left); with
// plain true as a relay written the obvious way in Go would (os.Stdin's
// blocking read, os.File's writes). It returns the exit status.
func nullRelay(plain bool, serverMode string) int {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), fakeServerEnv+"="+serverMode)
	inR, inW, err := os.Pipe()
	if err != nil {
		return 2
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		return 2
	}
	GrowPipe(inW)
	GrowPipe(outR)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, os.Stderr
	if err := cmd.Start(); err != nil {
		return 2
	}
	inR.Close()
	outW.Close()
	var client, server io.Reader = os.Stdin, outR
	var toServer, toClient io.Writer = inW, os.Stdout
	if !plain {
		in, closeIn := pollableInput(os.Stdin)
		defer closeIn()
		out, closeOut := pollableOutput(os.Stdout)
		defer closeOut()
		client, server, toServer, toClient = in, pipeReader(outR), pipeWriter(inW), out
	}
	go func() {
		relayLines(client, toServer, plain)
		inW.Close() // the server's input ends with the client's
	}()
	relayLines(server, toClient, plain)
	if cmd.Wait() != nil {
		return 1
	}
	return 0
}

// relayLines copies from to to a line at a time until from ends or a
// write fails. Unless plain, a line is written as lineQueue.send writes a
// lone line: one write that never waits (nonBlockingWrite), then what it
// left with a write that waits.
func relayLines(from io.Reader, to io.Writer, plain bool) {
	var try func([]byte) (int, error)
	if !plain {
		try = nonBlockingWrite(to)
	}
	r := bufio.NewReaderSize(from, readBuffer)
	for {
		line, err := r.ReadSlice('\n')
		if len(line) > 0 {
			n := 0
			if try != nil {
				n, _ = try(line)
			}
			if n < len(line) {
				if _, werr := to.Write(line[n:]); werr != nil {
					return
				}
			}
		}
		if err != nil && err != bufio.ErrBufferFull {
			return
		}
	}
}

// guardProcess is the test binary's guard mode: guard.Proxy with the bound
// of vectorConfig between this process's standard input and output and
// this binary in serverMode, as `canonfuzz guard` runs it (inherited,
// blocking pipes). It returns the guard's exit status.
func guardProcess(serverMode string) int {
	policy, err := bound.ParseBound([]byte(vectorPolicy))
	if err != nil {
		return 2
	}
	p := &Proxy{
		Config:  Config{Component: "guard", Policy: policy, Absent: Originate},
		Command: os.Args[0],
		Env:     append(os.Environ(), fakeServerEnv+"="+serverMode),
	}
	status, err := p.Run(os.Stdin, os.Stdout)
	if err != nil {
		return 2
	}
	return status
}
