package jsonwire

import (
	"errors"
	"testing"
)

// The message names the package that refused, the kind, the offset and,
// when the error names one, the member; errors.Is matches the kind and no
// other.
func TestErrorMessageAndKind(t *testing.T) {
	for _, c := range []struct {
		err  *Error
		want string
	}{
		{&Error{Kind: DuplicateMember, Offset: int64(len(`{"a":1,`)), Detail: "d"}, `admit: DuplicateMember at byte 7: d`},
		{&Error{Kind: WrongType, Offset: 9, Pointer: "/params/name", Detail: "d"}, `digest: WrongType at byte 9 (member "/params/name"): d`},
		{&Error{Kind: NotObject, Detail: "d"}, `digest: NotObject at byte 0: d`},
	} {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%#v: %q, want %q", c.err, got, c.want)
		}
		var err error = c.err
		if !errors.Is(err, c.err.Kind) || errors.Is(err, Syntax) {
			t.Errorf("%v: errors.Is does not match its kind alone", err)
		}
	}
}
