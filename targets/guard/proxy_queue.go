package guard

import (
	"errors"
	"io"
	"slices"
	"sync"
	"time"
)

// queued is one line waiting for a writer: its bytes with their newline,
// and for a request forwarded to the server its id (nil otherwise).
type queued struct {
	line []byte
	id   []byte
}

// lineQueue is a queue bounded in bytes between one direction's reader and
// its writer. put blocks while the queue is full (one line larger than the
// bound is let in alone, so a message at the size cap always passes);
// take returns everything queued at once, so the writer can write a batch
// in few system calls.
//
// send is put without the hand-off, for latency (issue 20): when nothing is
// queued or being written, the caller writes the line itself, with one
// system call that never waits (try); what that call did not write is
// queued whole for the writer, which writes it (or meets its error) as
// any queued line. busy keeps one line or batch in flight at a time, so
// the order of the lines is the order they were sent or put.
type lineQueue struct {
	mu       sync.Mutex
	items    []queued
	bytes    int64
	limit    int64
	closed   bool
	busy     bool                      // the writer's batch or a sent line is being written
	try      func([]byte) (int, error) // one write that never waits; nil: every line is put
	lastTake time.Time                 // when the writer last took lines
	ready    chan struct{}             // holds a token while items are waiting
	space    chan struct{}             // closed and replaced whenever the queue empties
}

func newLineQueue(limit int64) *lineQueue {
	return &lineQueue{limit: limit, lastTake: time.Now(), ready: make(chan struct{}, 1), space: make(chan struct{})}
}

// sendingTo lets send write lines at once to w when w can be written
// without waiting (nonBlockingWrite); otherwise every line is put.
func (q *lineQueue) sendingTo(w io.Writer) *lineQueue {
	q.try = nonBlockingWrite(w)
	return q
}

// errQueueClosed and errQueueStalled are why put did not queue a line.
var (
	errQueueClosed  = errors.New("closed")
	errQueueStalled = errors.New("stalled")
)

// put queues item, waiting while the queue is full. It gives up when the
// cancel channel closes or the queue is closed (errQueueClosed), and, when
// stall is positive, once the writer has taken nothing for stall while the
// queue is full (errQueueStalled): a reader that stops reading must not
// stop the other side from being read. A writer that takes lines, however
// slowly, is waited for.
func (q *lineQueue) put(item queued, cancel <-chan struct{}, stall time.Duration) error {
	n := int64(len(item.line))
	for {
		q.mu.Lock()
		if q.closed {
			q.mu.Unlock()
			return errQueueClosed
		}
		if q.bytes == 0 || q.bytes+n <= q.limit {
			q.items = append(q.items, item)
			q.bytes += n
			q.mu.Unlock()
			select {
			case q.ready <- struct{}{}:
			default:
			}
			return nil
		}
		space := q.space
		var t *time.Timer
		var timeout <-chan time.Time
		if stall > 0 {
			left := stall - time.Since(q.lastTake)
			if left <= 0 {
				q.mu.Unlock()
				return errQueueStalled
			}
			t = time.NewTimer(left)
			timeout = t.C
		}
		q.mu.Unlock()
		select {
		case <-space:
		case <-timeout:
		case <-cancel:
			return errQueueClosed
		}
		if t != nil {
			t.Stop()
		}
	}
}

// take waits for lines and returns them all, with ok false once the queue
// is closed and empty and no line sent is being written. The writer calls
// written when it has written them.
func (q *lineQueue) take(into []queued) ([]queued, bool) {
	for {
		q.mu.Lock()
		if len(q.items) > 0 && !q.busy {
			q.busy = true
			q.lastTake = time.Now()
			into = append(into[:0], q.items...)
			clear(q.items)
			q.items, q.bytes = q.items[:0], 0
			close(q.space)
			q.space = make(chan struct{})
			q.mu.Unlock()
			return into, true
		}
		if q.closed && len(q.items) == 0 && !q.busy {
			q.mu.Unlock()
			return into[:0], false
		}
		q.mu.Unlock()
		<-q.ready
	}
}

// written ends the writer's batch; failed stops send from writing lines
// itself from then on (the writer answers or drops what comes after a
// failed write).
func (q *lineQueue) written(failed bool) {
	q.mu.Lock()
	q.busy = false
	if failed {
		q.try = nil
	}
	q.mu.Unlock()
}

// send queues item as put does, or, when nothing is queued or being
// written, the queue has a try and the caller has no more lines at hand
// (more false: its reader has nothing buffered, so it is about to wait),
// writes it at once with one system call that never waits; a line not
// written whole (the pipe is full, or the write failed) is queued from its
// first byte not written, ahead of anything put meanwhile, and the writer
// writes it or meets its error. A caller with more lines at hand puts
// them, and the writer writes them in a batch (writeBatch): a burst keeps
// its few system calls, a lone message loses its hand-off.
func (q *lineQueue) send(item queued, cancel <-chan struct{}, stall time.Duration, more bool) error {
	q.mu.Lock()
	if more || q.closed || q.try == nil || q.busy || len(q.items) > 0 {
		q.mu.Unlock()
		return q.put(item, cancel, stall)
	}
	q.busy = true
	try := q.try
	q.mu.Unlock()
	n, err := try(item.line)
	q.mu.Lock()
	defer q.mu.Unlock()
	q.busy = false
	q.lastTake = time.Now()
	if err == nil && n == len(item.line) {
		if len(q.items) > 0 || q.closed {
			q.wake() // the writer waits for lines put meanwhile, or to finish
		}
		return nil
	}
	item.line = item.line[max(n, 0):]
	q.items = slices.Insert(q.items, 0, item)
	q.bytes += int64(len(item.line))
	q.wake()
	return nil
}

// wake tells the writer that lines are waiting; q.mu is held.
func (q *lineQueue) wake() {
	select {
	case q.ready <- struct{}{}:
	default:
	}
}

// close lets the writer finish what is queued; later puts return false.
func (q *lineQueue) close() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.closed {
		q.closed = true
		close(q.space)
		q.space = make(chan struct{})
		select {
		case q.ready <- struct{}{}:
		default:
		}
	}
}

// writeAll is a direction's writer: it writes every batch take returns
// to w (writeBatch) until the queue is closed and empty. At the first
// failed write it calls failed with the error and writes nothing more;
// each line not written from then on, in that batch and in every later
// one, is handed to unwritten (nil: discarded), so that the readers that
// send lines never wait on a peer that is gone.
func (q *lineQueue) writeAll(w io.Writer, failed func(error), unwritten func(queued)) {
	var items []queued
	var buf []byte
	var werr error
	for {
		var ok bool
		if items, ok = q.take(items); !ok {
			return
		}
		rest := items
		if werr == nil {
			rest, buf, werr = writeBatch(w, items, buf)
			if werr != nil {
				failed(werr)
			}
		}
		q.written(werr != nil)
		if unwritten != nil {
			for _, it := range rest {
				unwritten(it)
			}
		}
	}
}

// writeBatch is how a writer sends what take returned to w: small lines
// gathered in buf and written together, a large one on its own. It stops at
// the first error, with the items not written from that one on.
func writeBatch(w io.Writer, items []queued, buf []byte) (rest []queued, _ []byte, err error) {
	const gather = 64 << 10
	buf = buf[:0]
	start := 0
	for i, it := range items {
		if len(it.line) >= gather {
			if len(buf) > 0 {
				if _, err := w.Write(buf); err != nil {
					return items[start:], buf, err
				}
				buf, start = buf[:0], i
			}
			if _, err := w.Write(it.line); err != nil {
				return items[i:], buf, err
			}
			start = i + 1
			continue
		}
		buf = append(buf, it.line...)
		if len(buf) >= gather {
			if _, err := w.Write(buf); err != nil {
				return items[start:], buf, err
			}
			buf, start = buf[:0], i+1
		}
	}
	if len(buf) > 0 {
		if _, err := w.Write(buf); err != nil {
			return items[start:], buf, err
		}
	}
	return nil, buf, nil
}
