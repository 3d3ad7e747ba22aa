package digest

import (
	"errors"
	"testing"
)

// TestUnreadableIsSaidNotGuessed: Unreadable is never returned for
// admitted input, so only a call below admission reaches it: an object the
// member walk cannot read is refused as Unreadable, at the object's
// offset, under the pointer asked for; it is not read as empty, nor as
// the wrong type.
func TestUnreadableIsSaidNotGuessed(t *testing.T) {
	for _, c := range []struct {
		in      string
		at      int
		pointer string
	}{
		{`{"a" 1}`, 0, ""},
		{`{1:2}`, 0, "/params"},
		{`  {"a":}`, 2, "/params/arguments"},
		{`{"a":1,}`, 0, "/params"},
		{`{"a":1`, 0, ""},
	} {
		_, err := object([]byte(c.in), c.at, c.pointer)
		var e *Error
		if !errors.As(err, &e) || e.Kind != Unreadable || e.Offset != int64(c.at) || e.Pointer != c.pointer {
			t.Errorf("object(%q, %d, %q) = %v, want Unreadable at %d, pointer %q", c.in, c.at, c.pointer, err, c.at, c.pointer)
		}
	}
	// At the end of the input there is no object to read: WrongType there,
	// never an index past the input.
	var e *Error
	if _, err := object([]byte(`{}`), 2, "/params"); !errors.As(err, &e) || e.Kind != WrongType || e.Offset != 2 {
		t.Errorf("object at the end of the input = %v, want WrongType at 2", err)
	}
	if _, err := object([]byte(`{"a":1}`), 0, ""); err != nil {
		t.Errorf("a readable object: %v", err)
	}
}
