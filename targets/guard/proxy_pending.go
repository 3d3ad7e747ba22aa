package guard

import "sync"

// pendingSet holds the ids (as readID writes them) of the requests
// forwarded to the server and not answered yet, counted, so that a client
// that reuses an id in flight still gets one answer per request. Once it is
// closed (the server's output has ended) nothing more is added, and what it
// held is answered by the guard.
type pendingSet struct {
	mu     sync.Mutex
	ids    map[string]int
	closed bool
}

func newPendingSet() *pendingSet { return &pendingSet{ids: map[string]int{}} }

// add records one request in flight; false once the set is closed.
func (p *pendingSet) add(id []byte) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	p.ids[string(id)]++
	return true
}

// answered removes one request of this id and reports whether there was
// one: false for an answer to nothing in flight (unsolicited, or a second
// answer to the same request).
func (p *pendingSet) answered(id []byte) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := p.ids[string(id)]
	switch {
	case n == 0:
		return false
	case n == 1:
		delete(p.ids, string(id))
	default:
		p.ids[string(id)] = n - 1
	}
	return true
}

// closeAll closes the set and returns every id still in flight, each as
// many times as it was in flight.
func (p *pendingSet) closeAll() [][]byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closed = true
	var out [][]byte
	for id, n := range p.ids {
		for range n {
			out = append(out, []byte(id))
		}
	}
	clear(p.ids)
	return out
}
