package gen

// Kind is the JSON type of a Value.
type Kind uint8

// The kinds of Value.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// Value is one JSON value. Strings and names hold Unicode scalar values
// only (valid UTF-8, no surrogates), numbers are finite doubles and the
// names of one object are distinct: a Value is always something RFC 8785
// can canonicalize.
type Value struct {
	Kind    Kind
	Bool    bool     // when Kind is Bool
	Num     float64  // when Kind is Number; finite
	Str     string   // when Kind is String
	Elems   []Value  // when Kind is Array
	Members []Member // when Kind is Object, in generation order
}

// Member is one name and value of an object.
type Member struct {
	Name  string
	Value Value
}

// Depth is the nesting depth of v: 0 for a scalar, 1 for a container of
// scalars.
func (v Value) Depth() int {
	d := 0
	for _, e := range v.Elems {
		d = max(d, e.Depth())
	}
	for _, m := range v.Members {
		d = max(d, m.Value.Depth())
	}
	if v.Kind == Array || v.Kind == Object {
		d++
	}
	return d
}

// has reports whether name is already a member of the object o.
func has(o []Member, name string) bool {
	for _, m := range o {
		if m.Name == name {
			return true
		}
	}
	return false
}
