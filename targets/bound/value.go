package bound

// ValueKind is the JSON type of a Value (RFC 8259 section 3).
type ValueKind uint8

const (
	KindNull ValueKind = iota
	KindBool
	KindNumber
	KindString
	KindArray
	KindObject
)

var kindNames = [...]string{"null", "boolean", "number", "string", "array", "object"}

// String returns the JSON type name.
func (k ValueKind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Value is one decoded JSON value. Numbers keep their exact source text, so
// that equality is by exact decimal value (SEP-3246 section 3.2.3) and
// marshalling writes back what was read. Object members keep their order.
type Value struct {
	Kind    ValueKind
	Bool    bool
	Number  string // source text of a number
	Str     string
	Array   []Value
	Members []Member
}

// Member is one name/value pair of an object.
type Member struct {
	Name  string
	Value Value
}

// String returns a string Value.
func String(s string) Value { return Value{Kind: KindString, Str: s} }

// Get returns the member named name of an object.
func (v Value) Get(name string) (Value, bool) {
	for _, m := range v.Members {
		if m.Name == name {
			return m.Value, true
		}
	}
	return Value{}, false
}
