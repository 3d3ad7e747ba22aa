package guard

import (
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// The limit on constrained arguments names the argument by an RFC 6901
// pointer, its name escaped (section 3: '~' as "~0", '/' as "~1"), so
// that "/arguments/a~1b~0c" is the one member "a/b~c" and not a path
// into "a".
func TestArgumentLimitPointerIsEscaped(t *testing.T) {
	policy, err := bound.ParseBound([]byte(`[{"tool":"read_file","args":{"a/b~c":{"prefix":"/srv/"}}}]`))
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Component: "guard", Policy: policy, Absent: Originate, Mode: Enforce}
	msg := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"a/b~c":` + zeros(65536) + `}}}`
	d := Decide([]byte(msg), cfg)
	var le *bound.LimitError
	if d.Refusal == nil || !errors.As(d.Refusal.Cause, &le) {
		t.Fatalf("%v %v: want a refusal caused by a *bound.LimitError", d.Action, d.Refusal)
	}
	if want := "/arguments/a~1b~0c"; le.Pointer != want {
		t.Errorf("the limit's pointer is %q, want %q", le.Pointer, want)
	}
}
