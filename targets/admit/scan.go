package admit

import (
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
	if err := opts.Validate(); err != nil {
		return err
	}
	if max := opts.size(); int64(len(input)) > max {
		return &Error{Kind: TooLarge, Offset: max, Detail: "input is longer than the size cap"}
	}
	s := scanners.Get().(*scanner)
	s.reset(input, opts)
	err := s.run()
	s.release()
	scanners.Put(s)
	return err
}

var scanners = sync.Pool{New: func() any { return new(scanner) }}

// frame is one open container.
type frame struct {
	object bool
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
	var err error
	var c byte
	var num jsonwire.Number
value:
	if i < n && in[i] <= ' ' {
		i = jsonwire.SkipSpace(in, i)
	}
	if i >= n {
		return s.fail(Syntax, WantValue, n, "unexpected end of input, want a value")
	}
	switch c = in[i]; c {
	case '{':
		if err = s.push(i, true); err != nil {
			return err
		}
		i = jsonwire.SkipSpace(in, i+1)
		if i < n && in[i] == '}' {
			s.pop()
			i++
			goto next
		}
		goto name
	case '[':
		if err = s.push(i, false); err != nil {
			return err
		}
		i = jsonwire.SkipSpace(in, i+1)
		if i < n && in[i] == ']' {
			s.pop()
			i++
			goto next
		}
		goto value
	case '"':
		i, err = s.scanString(i, i+1, false)
	case 't':
		i, err = s.scanLiteral(i, "true")
	case 'f':
		i, err = s.scanLiteral(i, "false")
	case 'n':
		i, err = s.scanLiteral(i, "null")
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
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
	if i < n && in[i] <= ' ' {
		i = jsonwire.SkipSpace(in, i)
	}
	if s.depth == 0 {
		if i < n {
			return s.fail(TrailingContent, ByKind, i, "content after the top-level value")
		}
		return nil
	}
	if i >= n {
		return s.fail(Syntax, WantCommaOrClose, n, "unexpected end of input inside a container")
	}
	c = in[i]
	if s.stack[s.depth-1].object {
		switch c {
		case ',':
			i++
			goto name
		case '}':
			s.pop()
			i++
			goto next
		}
		return s.fail(Syntax, WantCommaOrClose, i, jsonwire.Unexpected(c, "',' or '}'"))
	}
	switch c {
	case ',':
		i++
		goto value
	case ']':
		s.pop()
		i++
		goto next
	}
	return s.fail(Syntax, WantCommaOrClose, i, jsonwire.Unexpected(c, "',' or ']'"))
name:
	if i < n && in[i] <= ' ' {
		i = jsonwire.SkipSpace(in, i)
	}
	if i >= n {
		return s.fail(Syntax, WantMemberName, n, "unexpected end of input, want a member name")
	}
	if in[i] != '"' {
		return s.fail(Syntax, WantMemberName, i, jsonwire.Unexpected(in[i], "a member name"))
	}
	if i, err = s.scanName(i); err != nil {
		return err
	}
	if i < n && in[i] == ':' {
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
func (s *scanner) push(i int, object bool) error {
	if s.depth >= s.maxDepth {
		return s.fail(TooDeep, ByKind, i, "nesting is deeper than the depth cap")
	}
	f := &s.stack[s.depth]
	f.object = object
	if object && checkNames {
		f.names = s.names.open()
	}
	s.depth++
	return nil
}

func (s *scanner) pop() {
	s.depth--
	if f := &s.stack[s.depth]; f.object && checkNames {
		s.names.close(s.depth, &f.names)
	}
}

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
