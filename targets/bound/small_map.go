package bound

// smallMapInline is how many entries a smallMap and a canonCache keep in
// themselves: the argument readings and the operands of one check of a
// call of a few constrained arguments (two readings each under ModeDual)
// against a chain of a few hops.
const smallMapInline = 4

// smallMap is a map that keeps its first entries in the struct that holds
// it and makes a map only past them, so that a cache held by a value on
// the stack costs nothing until it holds more than a few entries: a
// check's caches pay off on long chains and many arguments, and a small
// call must not pay for them.
type smallMap[K comparable, V any] struct {
	n    int
	keys [smallMapInline]K
	vals [smallMapInline]V
	more map[K]V
}

// get returns the value put under k, if any.
func (s *smallMap[K, V]) get(k K) (V, bool) {
	for i := range s.n {
		if s.keys[i] == k {
			return s.vals[i], true
		}
	}
	if s.more == nil {
		var zero V
		return zero, false // not even the map's code: a small check has none
	}
	v, ok := s.more[k]
	return v, ok
}

// put adds v under k, which get has not found.
func (s *smallMap[K, V]) put(k K, v V) {
	if s.n < smallMapInline {
		s.keys[s.n], s.vals[s.n] = k, v
		s.n++
		return
	}
	if s.more == nil {
		s.more = make(map[K]V)
	}
	s.more[k] = v
}
