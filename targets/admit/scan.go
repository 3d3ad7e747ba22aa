package admit

import (
	"encoding/binary"
	"sync"

	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// Scan admits input or returns the first fault as an *Error (see the package
// documentation for which fault and which offset). Options that fail
// [Options.Validate] return that error instead, which matches [ErrOptions].
//
// Scan walks the input once with an explicit stack of at most MaxDepthLimit
// frames: it never recurses, so no input can exhaust the goroutine stack, and
// its memory is bounded by the depth and by the names of the objects that are
// open at any point.
func Scan(input []byte, opts Options) error {
	if err := precheck(input, opts); err != nil {
		return err
	}
	s := scanners.Get().(*scanner)
	err := s.scan(input, opts)
	scanners.Put(s)
	return err
}

// precheck is what Scan refuses before it walks the input: options that
// fail Validate, an input past the size cap.
func precheck(input []byte, opts Options) error {
	if err := opts.Validate(); err != nil {
		return err
	}
	if max := opts.size(); int64(len(input)) > max {
		return &Error{Kind: TooLarge, Offset: max, Detail: "input is longer than the size cap"}
	}
	return nil
}

// scan walks input with s, and leaves s ready for the next input.
func (s *scanner) scan(input []byte, opts Options) error {
	s.reset(input, opts)
	err := s.run()
	s.release()
	return err
}

var scanners = sync.Pool{New: func() any { return new(scanner) }}

// A Scanner is Scan with a state of its own instead of one from a pool,
// for a caller that scans one input after another on one goroutine (a
// guard's session, for every message of its client): the same verdict on
// every input, without the pool's code and per-processor data, which a
// process deciding on a cold processor fetches from memory for each
// message. An input longer than maxOwnedInput is scanned with a pooled
// state, so a Scanner keeps no more than a small input's name index. The
// zero Scanner is ready; it must not be used by two goroutines at once.
type Scanner struct{ s *scanner }

// maxOwnedInput is the longest input a Scanner scans with its own state.
const maxOwnedInput = 64 << 10

// Scan is Scan(input, opts).
func (sc *Scanner) Scan(input []byte, opts Options) error {
	if len(input) > maxOwnedInput {
		return Scan(input, opts)
	}
	if err := precheck(input, opts); err != nil {
		return err
	}
	if sc.s == nil {
		sc.s = new(scanner)
	}
	return sc.s.scan(input, opts)
}

// frame is one open container.
type frame struct {
	object bool
	outer  bool     // the container this one is in is an object
	names  nameMark // where this object's names begin in the name set
}

// scanner holds the state of one Scan. It is reused through a pool, so the
// stack and the name set keep their capacity between scans.
type scanner struct {
	in       []byte
	ijson    bool
	maxDepth int
	depth    int
	stack    [MaxDepthLimit]frame
	names    nameSet
}

func (s *scanner) reset(input []byte, opts Options) {
	s.in = input
	s.ijson = opts.Profile == IJSON
	s.maxDepth = opts.depth()
	s.depth = 0
	s.names.reset(input, s.maxDepth)
}

// release drops the reference to the input so the pool does not keep it alive.
func (s *scanner) release() {
	s.in = nil
	s.names.release(s.stack[:s.depth])
}

// fail is a refusal of kind at offset; reason names the rule of a Syntax
// refusal (jsonwire.Reason) and is ByKind for every other kind.
func (s *scanner) fail(kind Kind, reason Reason, offset int, detail string) error {
	return &Error{Kind: kind, Reason: reason, Offset: int64(offset), Detail: detail}
}

// run is the push-down automaton over s.in, RFC 8259 sections 2 to 7. Its
// three states are the labels value (a value must start at i), next (a value
// just ended before i) and name (a member name must start at i); the stack
// says whether next is inside an array or an object.
func (s *scanner) run() error {
	in := s.in
	n := len(in)
	i := 0
	obj := false // the innermost open container is an object
	var err error
	var c byte
	var num jsonwire.Number
value:
	if uint(i) < uint(n) && in[i] <= ' ' {
		i = jsonwire.SkipSpace(in, i)
	}
	if i >= n {
		return s.fail(Syntax, WantValue, n, "unexpected end of input, want a value")
	}
	c = in[i]
dispatch:
	switch c {
	case '{':
		if err = s.push(i, true, obj); err != nil {
			return err
		}
		obj = true
		// The common case, a name right after the brace, goes to
		// the name without the whitespace and '}' tests (issue 20:
		// deep opens an object every other level).
		if i++; uint(i) < uint(n) && in[i] == '"' {
			goto nameQuote
		}
		if uint(i) < uint(n) && in[i] <= ' ' {
			i = jsonwire.SkipSpace(in, i)
		}
		if uint(i) < uint(n) && in[i] == '}' {
			obj = s.pop()
			i++
			goto next
		}
		goto name
	case '[':
		if err = s.push(i, false, obj); err != nil {
			return err
		}
		obj = false
		// The common case, a value's first byte right after the
		// bracket, is dispatched at once (issue 20).
		if i++; i < n {
			if c = in[i]; c > ' ' && c != ']' {
				goto dispatch
			}
		}
		if uint(i) < uint(n) && in[i] <= ' ' {
			i = jsonwire.SkipSpace(in, i)
		}
		if uint(i) < uint(n) && in[i] == ']' {
			obj = s.pop()
			i++
			goto next
		}
		goto value
	case '"':
		i, err = s.scanString(i, i+1, false)
	// A literal is compared as one four-byte word when the input holds
	// it whole; scanLiteral finds the byte that differs otherwise.
	case 't':
		if i+4 <= n && binary.LittleEndian.Uint32(in[i:]) == litTrue {
			i += 4
		} else {
			i, err = s.scanLiteral(i, "true")
		}
	case 'f':
		if i+5 <= n && binary.LittleEndian.Uint32(in[i+1:]) == litAlse {
			i += 5
		} else {
			i, err = s.scanLiteral(i, "false")
		}
	case 'n':
		if i+4 <= n && binary.LittleEndian.Uint32(in[i:]) == litNull {
			i += 4
		} else {
			i, err = s.scanLiteral(i, "null")
		}
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		// The common case: numbers RFC 8785 cannot refuse, read
		// without keeping their parts, and in an array the numbers
		// after it too.
		if !s.ijson {
			if end := skipNumbers(in, i, !obj && s.depth > 0); end >= 0 {
				i = end
				goto next
			}
		}
		if e := jsonwire.ReadNumber(in, i, &num); e != nil {
			return e
		}
		i = num.End
		if s.mayRefuse(&num) {
			err = s.judgeNumber(&num)
		}
	default:
		return s.fail(Syntax, WantValue, i, jsonwire.Unexpected(c, "a value"))
	}
	if err != nil {
		return err
	}
next:
	if uint(i) < uint(n) && in[i] <= ' ' {
		i = jsonwire.SkipSpace(in, i)
	}
	// The container's kind is kept in obj, so that the common case, a
	// member ended, reads no frame (issue 20).
	if !obj {
		goto inArray
	}
inObject:
	if i >= n {
		return s.fail(Syntax, WantCommaOrClose, n, "unexpected end of input inside a container")
	}
	switch c = in[i]; c {
	case ',':
		i++
		goto name
	case '}':
		// Each close goes on to the state of the container it
		// returns to from its own test, not from next's one: on a
		// nest that alternates objects and arrays, the test at each
		// close site goes the same way every time (issue 20).
		obj = s.pop()
		if i++; uint(i) < uint(n) && in[i] <= ' ' {
			i = jsonwire.SkipSpace(in, i)
		}
		if obj {
			goto inObject
		}
		goto inArray
	}
	return s.fail(Syntax, WantCommaOrClose, i, jsonwire.Unexpected(c, "',' or '}'"))
inArray:
	if s.depth == 0 {
		if i < n {
			return s.fail(TrailingContent, ByKind, i, "content after the top-level value")
		}
		return nil
	}
	if i >= n {
		return s.fail(Syntax, WantCommaOrClose, n, "unexpected end of input inside a container")
	}
	switch c = in[i]; c {
	case ',':
		i++
		goto value
	case ']':
		obj = s.pop()
		if i++; uint(i) < uint(n) && in[i] <= ' ' {
			i = jsonwire.SkipSpace(in, i)
		}
		if obj {
			goto inObject
		}
		goto inArray
	}
	return s.fail(Syntax, WantCommaOrClose, i, jsonwire.Unexpected(c, "',' or ']'"))
name:
	if uint(i) < uint(n) && in[i] <= ' ' {
		i = jsonwire.SkipSpace(in, i)
	}
	if i >= n {
		return s.fail(Syntax, WantMemberName, n, "unexpected end of input, want a member name")
	}
	if in[i] != '"' {
		return s.fail(Syntax, WantMemberName, i, jsonwire.Unexpected(in[i], "a member name"))
	}
nameQuote:
	if i, err = s.scanName(i); err != nil {
		return err
	}
	if uint(i) < uint(n) && in[i] == ':' {
		i++
		goto value
	}
	i = jsonwire.SkipSpace(in, i)
	if i >= n {
		return s.fail(Syntax, WantColon, n, "unexpected end of input, want ':'")
	}
	if in[i] != ':' {
		return s.fail(Syntax, WantColon, i, jsonwire.Unexpected(in[i], "':'"))
	}
	i++
	goto value
}

// push opens a container at offset i, refusing the one that would open
// nesting level maxDepth+1.
func (s *scanner) push(i int, object, outer bool) error {
	if s.depth >= s.maxDepth {
		return s.fail(TooDeep, ByKind, i, "nesting is deeper than the depth cap")
	}
	f := &s.stack[s.depth&depthMask]
	f.object, f.outer = object, outer
	if object && checkNames {
		f.names = s.names.open()
	}
	s.depth++
	return nil
}

// depthMask indexes the stack with no bounds check: every depth that
// indexes it is below maxDepth, at most MaxDepthLimit, a power of two (the
// array below fails to compile if it is not), so the mask changes none
// (issue 20: a compare and a branch each push, pop and name).
const depthMask = MaxDepthLimit - 1

var _ [0]struct{} = [MaxDepthLimit & depthMask]struct{}{}

// pop closes the innermost container and reports whether the one it was
// in is an object (false at the top level), which push kept in its frame.
func (s *scanner) pop() bool {
	s.depth--
	f := &s.stack[s.depth&depthMask]
	if f.object && checkNames {
		s.names.close(s.depth, &f.names)
	}
	return f.outer
}

// The literals as little-endian words: "true", "null", and "alse" after
// the 'f' of "false".
const (
	litTrue = 't' | 'r'<<8 | 'u'<<16 | 'e'<<24
	litNull = 'n' | 'u'<<8 | 'l'<<16 | 'l'<<24
	litAlse = 'a' | 'l'<<8 | 's'<<16 | 'e'<<24
)

// scanLiteral reads true, false or null at offset i.
func (s *scanner) scanLiteral(i int, lit string) (int, error) {
	in := s.in
	for k := 0; k < len(lit); k++ {
		if i+k >= len(in) {
			return 0, s.fail(Syntax, WantLiteral, len(in), "unexpected end of input inside a literal")
		}
		if in[i+k] != lit[k] {
			return 0, s.fail(Syntax, WantLiteral, i+k, jsonwire.Unexpected(in[i+k], "'"+lit+"'"))
		}
	}
	return i + len(lit), nil
}
