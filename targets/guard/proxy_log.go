package guard

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// logQueueLen is how many log lines (or chunks of the server's standard
// error) wait for a slow log before more are dropped.
const logQueueLen = 1024

// sessionLog writes the guard's log lines and the server's standard error
// from one goroutine of its own, so that a log nobody reads never blocks
// forwarding: when the queue is full, a line is dropped and counted, and
// the count is written when the session ends.
type sessionLog struct {
	q       chan logEntry
	queued  atomic.Int64 // entries in q; two slots are kept for finish
	dropped atomic.Int64
	ended   atomic.Bool
	done    chan struct{}
	once    sync.Once
}

// logEntry is one write; an entry with a nil w is the last one.
type logEntry struct {
	w io.Writer
	b []byte
}

func newSessionLog() *sessionLog {
	l := &sessionLog{q: make(chan logEntry, logQueueLen+2), done: make(chan struct{})}
	go func() {
		defer close(l.done)
		for e := range l.q {
			l.queued.Add(-1)
			if e.w == nil {
				return
			}
			_, _ = e.w.Write(e.b)
		}
	}()
	return l
}

// write queues b for w, or drops it if the queue is full. After finish,
// nothing more is written.
func (l *sessionLog) write(w io.Writer, b []byte) {
	if w == nil || l.ended.Load() {
		return
	}
	if l.queued.Add(1) > logQueueLen {
		l.queued.Add(-1)
		l.dropped.Add(1)
		return
	}
	l.q <- logEntry{w: w, b: b}
}

// printf queues one line for w, prefixed with the command's name.
func (l *sessionLog) printf(w io.Writer, format string, args ...any) {
	if w == nil {
		return
	}
	l.write(w, fmt.Appendf(nil, "canonfuzz guard: "+format+"\n", args...))
}

// finish writes the count of dropped lines to w and waits, at most wait,
// for the queue to be written.
func (l *sessionLog) finish(w io.Writer, wait time.Duration) {
	expired := make(chan struct{})
	t := time.AfterFunc(wait, func() { close(expired) })
	defer t.Stop()
	l.once.Do(func() {
		l.ended.Store(true)
		l.queued.Add(2) // the two slots kept for these
		if n := l.dropped.Load(); n > 0 && w != nil {
			// the count goes in a kept slot: it is written even when the
			// queue filled up, once the log is read again
			select {
			case l.q <- logEntry{w: w, b: fmt.Appendf(nil, "canonfuzz guard: %d log lines dropped: the log was not read fast enough\n", n)}:
			case <-expired:
			}
		}
		select {
		case l.q <- logEntry{}:
		case <-expired:
		}
	})
	select {
	case <-l.done:
	case <-expired:
	}
}

// idText is a request id as a log line names it: its JSON text, or null.
func idText(id []byte) string {
	if id == nil {
		return "null"
	}
	return string(id)
}
