package guard

import (
	"sync"
	"sync/atomic"

	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// schemaStore holds the tool schemas that say which arguments are paths or
// URIs (SEP-3246 section 3.2.2 steps 2 and 3), seeded from --tools and
// learned from the server's answers to tools/list as they pass. Readers
// take an immutable snapshot; a merge builds a new map.
type schemaStore struct {
	cur atomic.Pointer[bound.Schemas]

	mu      sync.Mutex
	pending map[idKey]bool // ids (as idKeyOf keys them) of tools/list requests relayed
}

func newSchemaStore(seed bound.Schemas) *schemaStore {
	s := &schemaStore{pending: map[idKey]bool{}}
	cp := bound.Schemas{}
	for tool, args := range seed {
		cp[tool] = args
	}
	s.cur.Store(&cp)
	return s
}

// snapshot returns the current schemas; the caller must not modify them.
func (s *schemaStore) snapshot() bound.Schemas { return *s.cur.Load() }

// expect records a tools/list request relayed to the server.
func (s *schemaStore) expect(id []byte) {
	key, err := idKeyOf(id)
	if err != nil {
		return
	}
	s.mu.Lock()
	s.pending[key] = true
	s.mu.Unlock()
}

// forget drops the expectation of an answer to a tools/list request of
// this id: one the client cancelled (its answer, if the server sends one,
// is not relayed), one whose id another request in flight shares, and one
// the guard answered itself (session.answer, answerGone: its answer was
// dropped, or a request of its id was refused or over the in-flight bound),
// so that no later server answer carrying the id, to a request the client
// sends with it again or late, is ever learned from (red-team pass 3,
// docs/GUARD.md).
func (s *schemaStore) forget(id []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.pending) == 0 {
		return // most sessions: no tools/list in flight, no key to compute
	}
	key, err := idKeyOf(id)
	if err != nil {
		return
	}
	delete(s.pending, key)
}

// learn reads one server message and, if it answers a pending tools/list
// request with a result, merges the tools' schemas. Anything it cannot
// read is ignored here: the message is relayed unchanged all the same.
// It reports whether it learned a schema.
func (s *schemaStore) learn(line []byte) bool {
	s.mu.Lock()
	waiting := len(s.pending) > 0
	s.mu.Unlock()
	if !waiting || admit.Scan(line, admit.Options{}) != nil {
		return false
	}
	v, err := bound.ParseValue(line)
	if err != nil || v.Kind != bound.KindObject {
		return false
	}
	if _, ok := v.Get("method"); ok {
		return false
	}
	key, err := idKeyOf(idOf(v))
	if err != nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.pending[key] {
		return false
	}
	delete(s.pending, key)
	if _, ok := v.Get("result"); !ok {
		return false
	}
	learned, err := bound.SchemasFromValue(v)
	if err != nil {
		return false
	}
	next := bound.Schemas{}
	for tool, args := range s.snapshot() {
		next[tool] = args
	}
	for tool, args := range learned {
		next[tool] = args
	}
	s.cur.Store(&next)
	return true
}
