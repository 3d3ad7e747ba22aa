package minimize

// Span is a byte range [Start, End) of an input.
type Span struct{ Start, End int }

// Item is one member or element of a container: its whole span, and the
// span of its value (after the colon of a member; the whole item
// otherwise).
type Item struct{ All, Value Span }

// Container is one object or array as the brackets delimit it: its
// opening bracket, the end just past its closing bracket (or the input's
// end if it is never closed), and its items.
type Container struct {
	Open, End int
	Items     []Item
}

// Structure is how the JSON stages read b: the spans of its tokens, in
// order, and its containers, in the order of their opening brackets. The
// reading never fails; invalid JSON gets the structure its brackets allow.
// It is exported for the property that holds it to its promises
// (fuzz/property, StructureSpans).
func Structure(b []byte) ([]Span, []Container) {
	toks := tokenize(b)
	spans := make([]Span, len(toks))
	for i, t := range toks {
		spans[i] = Span{t.start, t.end}
	}
	cs := structure(b, toks)
	out := make([]Container, len(cs))
	for i, c := range cs {
		out[i] = Container{Open: c.open, End: c.end, Items: make([]Item, len(c.items))}
		for k, it := range c.items {
			out[i].Items[k] = Item{All: Span{it.all.start, it.all.end}, Value: Span{it.value.start, it.value.end}}
		}
	}
	return spans, out
}
