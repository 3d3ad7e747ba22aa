package minimize

// The byte stages follow Go's internal/fuzz minimizer: cut the tail, remove
// each byte, remove ranges, simplify bytes. Two changes make them usable on
// inputs of a megabyte: remove-chunks removes halving chunks before single
// bytes are tried, and remove-ranges, which tries every range and so costs
// a quadratic number of replays, runs only on inputs of at most
// rangeLimit bytes.

// rangeLimit is the largest input remove-ranges runs on.
const rangeLimit = 256

// cutTail removes halving amounts from the end for as long as the
// signature holds.
func cutTail(r *reducer) {
	for n := highestPowerOfTwo(len(r.best)); n > 0; n /= 2 {
		for len(r.best) >= n && r.try(r.best[:len(r.best)-n]) {
		}
	}
}

// removeChunks removes chunks of halving size (len/2, len/4, ..., 2) at
// every aligned position, keeping the position after a success.
func removeChunks(r *reducer) {
	buf := make([]byte, 0, len(r.best))
	for size := highestPowerOfTwo(len(r.best)) / 2; size >= 2; size /= 2 {
		for i := 0; i < len(r.best) && !r.stopped(); {
			j := min(i+size, len(r.best))
			buf = append(append(buf[:0], r.best[:i]...), r.best[j:]...)
			if !r.try(buf) {
				i = j
			}
		}
	}
}

// removeBytes removes each byte in turn.
func removeBytes(r *reducer) {
	buf := make([]byte, 0, len(r.best))
	for i := 0; i < len(r.best) && !r.stopped(); {
		buf = append(append(buf[:0], r.best[:i]...), r.best[i+1:]...)
		if !r.try(buf) {
			i++
		}
	}
}

// removeRanges removes every range [i, j) of at least two bytes, longest
// first from each start, on inputs of at most rangeLimit bytes.
func removeRanges(r *reducer) {
	if len(r.best) > rangeLimit {
		return
	}
	buf := make([]byte, 0, len(r.best))
	for i := 0; i < len(r.best)-1 && !r.stopped(); i++ {
		for j := len(r.best); j > i+1 && !r.stopped(); j-- {
			buf = append(append(buf[:0], r.best[:i]...), r.best[j:]...)
			if r.try(buf) {
				j = len(r.best) + 1
			}
		}
	}
}

// canonicalBytes are the replacements simplify-bytes tries, in ascending
// order: a byte is only ever replaced by a smaller one.
const canonicalBytes = " \"',-.0123:ABCXYZ[]abcxyz{}"

// simplifyBytes replaces each byte by the smallest canonical byte below it
// that keeps the signature, on inputs of at most rangeLimit*16 bytes.
func simplifyBytes(r *reducer) {
	if len(r.best) > rangeLimit*16 {
		return
	}
	buf := make([]byte, len(r.best))
	for i := 0; i < len(r.best) && !r.stopped(); i++ {
		for k := 0; k < len(canonicalBytes) && canonicalBytes[k] < r.best[i]; k++ {
			copy(buf, r.best)
			buf = buf[:len(r.best)]
			buf[i] = canonicalBytes[k]
			if r.try(buf) {
				break
			}
		}
	}
}

// highestPowerOfTwo returns the largest power of two at most n, or 0.
func highestPowerOfTwo(n int) int {
	p := 1
	for p <= n/2 {
		p *= 2
	}
	if n == 0 {
		return 0
	}
	return p
}
