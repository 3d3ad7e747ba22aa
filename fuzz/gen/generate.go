package gen

// MaxDepth is the deepest nesting Generate builds: admit's default cap, so
// every generated value is admitted under the default options.
const MaxDepth = 128

// maxNodes bounds the values one input may build, and so the time one
// fuzz execution takes.
const maxNodes = 512

// Generate turns data into a JSON value. It never fails: the empty input
// gives the empty object, and an input that runs out mid-way gives the
// value built so far, completed with empty containers and nulls.
func Generate(data []byte) Value { return newSource(data).top() }

// top draws a value at the top level: an object, an array, any value, or
// a deep chain of containers.
func (s *source) top() Value {
	switch s.intn(4) {
	case 1:
		return s.array(1)
	case 2:
		return s.value(0)
	case 3:
		return s.deep(0)
	default:
		return s.object(1)
	}
}

// value draws any value whose containers open at most MaxDepth-depth
// further levels.
func (s *source) value(depth int) Value {
	s.nodes--
	if s.spent || s.nodes <= 0 {
		return Value{}
	}
	kind := s.intn(8)
	if depth >= MaxDepth && kind >= 5 {
		kind = 2 // no room for another level
	}
	switch kind {
	case 1:
		return Value{Kind: Bool, Bool: s.bool()}
	case 2, 3:
		return Value{Kind: Number, Num: s.number()}
	case 4:
		return Value{Kind: String, Str: s.string()}
	case 5:
		return s.array(depth + 1)
	case 6:
		return s.object(depth + 1)
	case 7:
		return s.deep(depth)
	}
	return Value{}
}

// array draws an array at nesting level depth.
func (s *source) array(depth int) Value {
	v := Value{Kind: Array, Elems: []Value{}}
	for n := s.intn(8); n > 0 && !s.spent; n-- {
		v.Elems = append(v.Elems, s.value(depth))
	}
	return v
}

// object draws an object at nesting level depth. A drawn name that the
// object has already is dropped with its member, so names stay distinct.
func (s *source) object(depth int) Value {
	v := Value{Kind: Object, Members: []Member{}}
	for n := s.intn(8); n > 0 && !s.spent; n-- {
		names := []string{s.name()}
		if s.intn(4) == 0 { // a pair across the UTF-16/code-point divide
			prefix := names[0]
			names = []string{prefix + string(bmpHigh[s.intn(len(bmpHigh))]),
				prefix + string(supplementary[s.intn(len(supplementary))])}
		}
		for _, name := range names {
			if m := (Member{name, s.value(depth)}); !has(v.Members, name) {
				v.Members = append(v.Members, m)
			}
		}
	}
	return v
}

// deep draws a chain of single-child containers from level depth+1 down to
// as deep as MaxDepth, with a value at the bottom.
func (s *source) deep(depth int) Value {
	if depth >= MaxDepth {
		return s.value(depth)
	}
	n := 1 + s.intn(MaxDepth-depth)
	kinds := make([]bool, n) // true: object
	for i := range kinds {
		kinds[i] = s.bool()
	}
	inner := s.value(depth + n)
	for i := n - 1; i >= 0; i-- {
		if kinds[i] {
			inner = Value{Kind: Object, Members: []Member{{Name: namePool[i%len(namePool)], Value: inner}}}
		} else {
			inner = Value{Kind: Array, Elems: []Value{inner}}
		}
	}
	return inner
}
