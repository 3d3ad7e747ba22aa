package guard

import (
	"errors"
	"sync"
)

// pendingSet holds the requests forwarded to the server and not answered
// yet, keyed by id as idKeyOf keys them (so an answer with id 1 answers
// the request with id 1.0), each id kept as the client wrote it for the
// guard's own answer, and counted, so that a client that reuses an id in
// flight still gets one answer per request. A request leaves it when the
// server answers it or when the client cancels it (MCP "Cancellation");
// nothing else is kept, so it never holds more than the requests in
// flight. Once it is closed (the server's output has ended) nothing more
// is added, and what it held is answered by the guard.
//
// It is bounded (the red-team pass 2 of docs/GUARD.md): at most maxN
// requests and maxBytes bytes of ids as written (each kept twice: as
// written and as its key) are in flight at once; add refuses one more with
// errInFlightFull, and the session answers that request itself instead of
// forwarding it. A server that reads every request and answers none cannot
// make the guard hold more.
type pendingSet struct {
	mu     sync.Mutex
	ids    map[idKey]pendingCount
	closed bool
	// n requests and bytes of their ids in flight, and their bounds
	n, bytes       int
	maxN, maxBytes int
}

// pendingCount is the requests of one key in flight, their ids as the
// client wrote them in the order they came, and how many of them are
// initialize requests, which MCP says are never cancelled.
type pendingCount struct {
	written    [][]byte
	initialize int
}

// errPendingClosed is why add did not record a request: the server's
// output has ended.
var errPendingClosed = errors.New("the server's output has ended")

// errInFlightFull is why add did not record a request: the set is at its
// bound.
var errInFlightFull = errors.New("too many requests in flight")

func newPendingSet(maxN, maxBytes int) *pendingSet {
	return &pendingSet{ids: map[idKey]pendingCount{}, maxN: maxN, maxBytes: maxBytes}
}

// add records one request in flight, an initialize request if initialize,
// and reports whether its id (as idKeyOf keys it) is shared with another
// request in flight. It fails with errPendingClosed once the set is
// closed, with errInFlightFull when the request would pass its bound, and
// with errIDNotKeyable for an id it cannot key exactly (the session
// refuses such a request before it gets here: keyRequest).
func (p *pendingSet) add(id []byte, initialize bool) (shared bool, err error) {
	key, err := idKeyOf(id)
	if err != nil {
		return false, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false, errPendingClosed
	}
	if p.n >= p.maxN || p.bytes+len(id) > p.maxBytes {
		return false, errInFlightFull
	}
	p.n++
	p.bytes += len(id)
	c := p.ids[key]
	shared = len(c.written) > 0
	c.written = append(c.written, id)
	if initialize {
		c.initialize++
	}
	p.ids[key] = c
	return shared, nil
}

// answered removes one request of this id and reports whether there was
// one: false for an answer to nothing in flight (unsolicited, a second
// answer to the same request, or an answer to a cancelled request), and
// for an id no request in flight can have (one idKeyOf refuses).
func (p *pendingSet) answered(id []byte) bool {
	return p.removeOldest(id, false)
}

// cancel removes one request of this id that may be cancelled and reports
// whether there was one: false for an id not in flight (never forwarded,
// refused by the guard, answered already, cancelled already) and for an
// initialize request (MCP "Cancellation": "The initialize request MUST NOT
// be cancelled by clients"; a receiver "MAY ignore" a cancel of a request
// that cannot be cancelled, so its answer is still awaited).
func (p *pendingSet) cancel(id []byte) bool {
	return p.removeOldest(id, true)
}

// removeOldest removes the oldest request of id and reports whether there
// was one to remove; cancelling leaves the initialize requests of id in
// flight (see cancel). Which request of the key the server answered is not
// known: the oldest leaves, and the initialize count is kept at most the
// requests left.
func (p *pendingSet) removeOldest(id []byte, cancelling bool) bool {
	key, err := idKeyOf(id)
	if err != nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.ids[key]
	if !ok || cancelling && len(c.written) == c.initialize {
		return false
	}
	p.n--
	p.bytes -= len(c.written[0])
	c.written = c.written[1:]
	c.initialize = min(c.initialize, len(c.written))
	p.set(key, c)
	return true
}

// set stores the requests of key, or deletes key when none is left.
func (p *pendingSet) set(key idKey, c pendingCount) {
	if len(c.written) == 0 {
		delete(p.ids, key)
		return
	}
	p.ids[key] = c
}

// closeAll closes the set and returns the id of every request still in
// flight, as the client wrote it.
func (p *pendingSet) closeAll() [][]byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	var out [][]byte
	for _, c := range p.ids {
		out = append(out, c.written...)
	}
	clear(p.ids)
	p.n, p.bytes = 0, 0
	return out
}
