package guard

import "sync"

// pendingSet holds the ids (as readID writes them) of the requests
// forwarded to the server and not answered yet, counted, so that a client
// that reuses an id in flight still gets one answer per request. A request
// leaves it when the server answers it or when the client cancels it (MCP
// "Cancellation"); nothing else is kept, so it never holds more than the
// requests in flight. Once it is closed (the server's output has ended)
// nothing more is added, and what it held is answered by the guard.
type pendingSet struct {
	mu     sync.Mutex
	ids    map[string]pendingCount
	closed bool
}

// pendingCount is how many requests of one id are in flight, and how many
// of them are initialize requests, which MCP says are never cancelled.
type pendingCount struct{ n, initialize int }

func newPendingSet() *pendingSet { return &pendingSet{ids: map[string]pendingCount{}} }

// add records one request in flight, an initialize request if initialize;
// false once the set is closed.
func (p *pendingSet) add(id []byte, initialize bool) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	c := p.ids[string(id)]
	c.n++
	if initialize {
		c.initialize++
	}
	p.ids[string(id)] = c
	return true
}

// answered removes one request of this id and reports whether there was
// one: false for an answer to nothing in flight (unsolicited, a second
// answer to the same request, or an answer to a cancelled request).
func (p *pendingSet) answered(id []byte) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.ids[string(id)]
	if !ok {
		return false
	}
	// Which request of the id the server answered is not known: the
	// initialize count is kept at most the requests left.
	c.n--
	c.initialize = min(c.initialize, c.n)
	p.set(string(id), c)
	return true
}

// cancel removes one request of this id that may be cancelled and reports
// whether there was one: false for an id not in flight (never forwarded,
// refused by the guard, answered already, cancelled already) and for an
// initialize request (MCP "Cancellation": "The initialize request MUST NOT
// be cancelled by clients"; a receiver "MAY ignore" a cancel of a request
// that cannot be cancelled, so its answer is still awaited).
func (p *pendingSet) cancel(id []byte) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	c, ok := p.ids[string(id)]
	if !ok || c.n == c.initialize {
		return false
	}
	c.n--
	p.set(string(id), c)
	return true
}

// set stores the count of id, or deletes id when none is left.
func (p *pendingSet) set(id string, c pendingCount) {
	if c.n == 0 {
		delete(p.ids, id)
		return
	}
	p.ids[id] = c
}

// closeAll closes the set and returns every id still in flight, each as
// many times as it was in flight.
func (p *pendingSet) closeAll() [][]byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	var out [][]byte
	for id, c := range p.ids {
		for range c.n {
			out = append(out, []byte(id))
		}
	}
	clear(p.ids)
	return out
}
