package guard

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/alloctest"
)

// lineTexts is what take handed out, as strings.
func lineTexts(items []queued) []string {
	var out []string
	for _, it := range items {
		out = append(out, string(it.line))
	}
	return out
}

// send writes a line itself when nothing is queued; what its one write did
// not take is queued from the first byte not written, ahead of what is put
// after it, and a queue with something waiting, or whose writer failed,
// is put into, never written past.
func TestLineQueueSendQueuesWhatItCouldNotWrite(t *testing.T) {
	var wrote []string
	q := newLineQueue(1 << 10)
	q.try = func(b []byte) (int, error) {
		n := min(len(b), 3)
		wrote = append(wrote, string(b[:n]))
		if n < len(b) {
			// the client's reader queues an answer meanwhile
			if err := q.put(queued{line: []byte("x\n")}, nil, 0); err != nil {
				t.Error(err)
			}
		}
		return n, nil
	}
	if err := q.send(queued{line: []byte("ab\n")}, nil, 0, false); err != nil {
		t.Fatal(err)
	}
	if err := q.send(queued{line: []byte("cdefg\n"), id: []byte("7")}, nil, 0, false); err != nil {
		t.Fatal(err)
	}
	if err := q.send(queued{line: []byte("h\n")}, nil, 0, false); err != nil { // behind "fg\n": queued
		t.Fatal(err)
	}
	if got, want := wrote, []string{"ab\n", "cde"}; !slices.Equal(got, want) {
		t.Errorf("written at once %q, want %q", got, want)
	}
	items, ok := q.take(nil)
	if got, want := lineTexts(items), []string{"fg\n", "x\n", "h\n"}; !ok || !slices.Equal(got, want) || string(items[0].id) != "7" {
		t.Errorf("queued %q (id %s), want %q with the request's id 7", got, items[0].id, want)
	}
	q.written(true) // the writer failed: nothing is written at once any more
	if err := q.send(queued{line: []byte("i\n")}, nil, 0, false); err != nil {
		t.Fatal(err)
	}
	if len(wrote) != 2 {
		t.Fatalf("a line was written at once after the writer failed: %q", wrote)
	}
	if items, _ := q.take(nil); !slices.Equal(lineTexts(items), []string{"i\n"}) {
		t.Errorf("queued %q after the failure, want the line", lineTexts(items))
	}

	// a sender with more lines at hand leaves them to the writer's batch
	q = newLineQueue(1 << 10)
	q.try = func([]byte) (int, error) {
		t.Error("a line was written at once while its sender had more at hand")
		return 0, nil
	}
	for _, l := range []string{"j\n", "k\n"} {
		if err := q.send(queued{line: []byte(l)}, nil, 0, true); err != nil {
			t.Fatal(err)
		}
	}
	if items, _ := q.take(nil); !slices.Equal(lineTexts(items), []string{"j\n", "k\n"}) {
		t.Errorf("queued %q, want the burst", lineTexts(items))
	}
}

// While a sent line is being written the writer takes nothing (a line put
// meanwhile would be written before the sent one ends), and a queue closed
// meanwhile still lets the writer see its end once the line is written.
func TestLineQueueTakeWaitsForASend(t *testing.T) {
	q := newLineQueue(1 << 10)
	inWrite, release := make(chan struct{}), make(chan struct{})
	q.try = func(b []byte) (int, error) {
		close(inWrite)
		<-release
		return len(b), nil
	}
	sent := make(chan error, 1)
	go func() { sent <- q.send(queued{line: []byte("first\n")}, nil, 0, false) }()
	<-inWrite
	if err := q.put(queued{line: []byte("second\n")}, nil, 0); err != nil {
		t.Fatal(err)
	}
	taken := make(chan []queued, 1)
	go func() {
		items, _ := q.take(nil)
		taken <- items
	}()
	select {
	case items := <-taken:
		t.Fatalf("the writer took %q while a sent line was being written", lineTexts(items))
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
	select {
	case items := <-taken:
		if !slices.Equal(lineTexts(items), []string{"second\n"}) {
			t.Errorf("took %q, want the line put during the send", lineTexts(items))
		}
	case <-time.After(10 * time.Second): // liveness, not speed
		t.Fatal("the writer was not woken after the send")
	}
	q.written(false)

	// closed during a send, nothing queued: the writer ends once it is written
	q = newLineQueue(1 << 10)
	inWrite, release = make(chan struct{}), make(chan struct{})
	q.try = func(b []byte) (int, error) {
		close(inWrite)
		<-release
		return len(b), nil
	}
	go func() { sent <- q.send(queued{line: []byte("last\n")}, nil, 0, false) }()
	<-inWrite
	q.close()
	ended := make(chan bool, 1)
	go func() {
		_, ok := q.take(nil)
		ended <- ok
	}()
	select {
	case <-ended:
		t.Fatal("the writer ended while a sent line was being written")
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	<-sent
	select {
	case ok := <-ended:
		if ok {
			t.Error("take handed out lines from a closed, empty queue")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the writer did not see the end of a queue closed during a send")
	}
}

// The guard's standard output is a pipe opened blocking: pollableOutput
// opens it again non-blocking, so a write never waits, and leaves the
// inherited descriptor as it was. A descriptor that is non-blocking
// already is used as it is, and a blocking one is never written at once.
func TestPollableOutputReopensABlockingPipe(t *testing.T) {
	r, w := blockingPipe(t)
	if nonBlockingWrite(w) != nil {
		t.Fatal("a blocking pipe is written at once")
	}
	out, done := pollableOutput(w)
	defer done()
	if out == w {
		t.Fatal("the blocking pipe was not opened again")
	}
	try := nonBlockingWrite(out)
	if try == nil {
		t.Fatal("the pipe opened again blocks")
	}
	if nonBlockingWrite(w) != nil {
		t.Error("the inherited descriptor was made non-blocking")
	}
	if n, err := try([]byte("{}\n")); n != 3 || err != nil {
		t.Fatalf("write: %d, %v", n, err)
	}
	if l, err := bufio.NewReader(r).ReadString('\n'); l != "{}\n" || err != nil {
		t.Errorf("read %q, %v", l, err)
	}
	// full: the write returns at once, cut short or refused
	big := make([]byte, 4<<20)
	if n, err := try(big); n == len(big) || (err != nil && err != syscall.EAGAIN) {
		t.Errorf("a write past the pipe's capacity: %d, %v", n, err)
	}

	pr, pw, err := os.Pipe() // non-blocking already
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	defer pw.Close()
	if out, done := pollableOutput(pw); out != pw {
		done()
		t.Error("a non-blocking pipe was opened again")
	}
}

// The client's input, a pipe opened blocking, is opened again non-blocking
// (pollableInput) and read through the poller: a read waits for data and
// returns it, the inherited descriptor stays blocking, done ends a read
// waiting on it (os.ErrClosed), and the end of the client's writes is
// io.EOF. A descriptor that is non-blocking already is read as it is.
func TestPollableInputReopensABlockingPipe(t *testing.T) {
	r, w := blockingPipe(t)
	in, done := pollableInput(r)
	defer done()
	if _, ok := in.(*ownedPipe); !ok {
		t.Fatalf("the blocking pipe was not opened again: %T", in)
	}
	if blocks, _ := blocking(r); !blocks {
		t.Error("the inherited descriptor was made non-blocking")
	}
	got := make(chan string, 1)
	go func() {
		l, err := bufio.NewReader(in).ReadString('\n')
		got <- fmt.Sprintf("%q %v", l, err)
	}()
	time.Sleep(20 * time.Millisecond) // the read waits in the poller meanwhile
	if _, err := w.Write([]byte("{}\n")); err != nil {
		t.Fatal(err)
	}
	select {
	case g := <-got:
		if g != `"{}\n" <nil>` {
			t.Errorf("read %s", g)
		}
	case <-time.After(10 * time.Second): // liveness, not speed
		t.Fatal("a read through the poller was not woken by a write")
	}

	ended := make(chan error, 1)
	go func() {
		_, err := in.Read(make([]byte, 8))
		ended <- err
	}()
	time.Sleep(20 * time.Millisecond)
	done()
	select {
	case err := <-ended:
		if !errors.Is(err, os.ErrClosed) {
			t.Errorf("a read ended by done: %v, want os.ErrClosed", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("done did not end a read waiting on the input")
	}

	// the client's end: io.EOF through a pipe of the guard's own
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	own := ownPipe(pr)
	if own == nil {
		t.Fatal("os.Pipe's non-blocking end cannot be owned")
	}
	if _, err := pw.Write([]byte("x")); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	buf := make([]byte, 8)
	if n, err := own.Read(buf); n != 1 || err != nil {
		t.Errorf("read %d, %v, want the byte written", n, err)
	}
	if n, err := own.Read(buf); n != 0 || err != io.EOF {
		t.Errorf("read %d, %v after the writer closed, want io.EOF", n, err)
	}
	if in, done := pollableInput(pr); in != pr {
		done()
		t.Error("a non-blocking pipe was opened again")
	}
	if ownPipe(r) != nil {
		t.Error("a blocking descriptor was taken as the guard's own")
	}
}

// blockingPipe is a pipe whose descriptors block, as a process inherits
// its standard input and output, closed when the test ends.
func blockingPipe(t *testing.T) (r, w *os.File) {
	t.Helper()
	var fds [2]int
	// pipe(2) and FD_CLOEXEC under the fork lock, as package os does where
	// pipe2(2) is missing (macOS): no child started meanwhile inherits them.
	syscall.ForkLock.RLock()
	err := syscall.Pipe(fds[:])
	if err == nil {
		syscall.CloseOnExec(fds[0])
		syscall.CloseOnExec(fds[1])
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		t.Fatal(err)
	}
	r, w = os.NewFile(uintptr(fds[0]), "r"), os.NewFile(uintptr(fds[1]), "w")
	t.Cleanup(func() { r.Close(); w.Close() })
	return r, w
}

// TestOwnedPipeReadsAndWritesWithoutAllocating: a message each way is a
// Read and a tryWrite of an ownedPipe, and neither allocates (each made a
// closure for syscall.RawConn, an allocation a message: issue 20).
func TestOwnedPipeReadsAndWritesWithoutAllocating(t *testing.T) {
	if alloctest.Race {
		t.Skip(alloctest.RaceSkip)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	pr, pw := ownPipe(r), ownPipe(w)
	if pr == nil || pw == nil {
		t.Fatal("os.Pipe's ends are not owned pipes: their descriptors block")
	}
	msg, buf := []byte("{}\n"), make([]byte, 16)
	allocs := testing.AllocsPerRun(1000, func() {
		if n, err := pw.tryWrite(msg); n != len(msg) || err != nil {
			t.Fatalf("tryWrite: %d, %v", n, err)
		}
		if n, err := pr.Read(buf); n != len(msg) || err != nil {
			t.Fatalf("Read: %d, %v", n, err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations a message written and read, want none", allocs)
	}
}
