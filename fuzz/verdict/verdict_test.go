package verdict

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/canonfuzz/canonfuzz/minimize"
)

// hashOf is the 16 hex digits a canonical-form or digest verdict ends in,
// computed here from the bytes the verdict must have hashed.
func hashOf(b string) string {
	sum := sha256.Sum256([]byte(b))
	return hex.EncodeToString(sum[:8])
}

// TestVerdictsNameWhatTheTargetMade reads each verdict's spelling off a
// small input whose answer is known: the signatures findings/*.vec pin
// (status and mode outcome), so a changed spelling fails here, not in a
// replay far away.
func TestVerdictsNameWhatTheTargetMade(t *testing.T) {
	const (
		call    = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/a"}}}`
		outside = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/a"}}}`
		hop     = `{"component":"h","bound":[{"tool":"t"}]}`
	)
	for _, c := range []struct {
		verdict func([]byte) minimize.Signature
		in      string
		want    minimize.Signature
	}{
		{Admit, `{"a":1}`, "admit:admitted"},
		{Admit, `{"a":1,"a":2}`, "admit:DuplicateMember"},
		{Admit, `[1e400]`, "admit:NumberNotFinite"},
		{JCS, `{ "a" : 1 }`, minimize.Signature("jcs:canonical:" + hashOf(`{"a":1}`))},
		{JCS, `[1.0,2]`, minimize.Signature("jcs:canonical:" + hashOf(`[1,2]`))},
		{JCS, `{"a":1,"a":2}`, "jcs:refused:DuplicateMember"},
		{Digest, `[1,2]`, "digest:NotObject:"},
		{Digest, `{"a":1}`, "digest:UnexpectedMember:"},
		{Digest, `{"a":1,"a":2}`, "digest:refused:DuplicateMember"},
		{Guard, `{"jsonrpc":"2.0","id":1,"method":"ping"}`, "guard:relay"},
		{Guard, call, "guard:forward"},
		{Guard, outside, "guard:answer:guard: outside the conferred bound"},
		{Guard, `{"jsonrpc":"2.0","id":1,"id":2,"method":"tools/call"}`, "guard:answer:guard: message not admitted:admit:DuplicateMember"},
		{Bound, `{"v":1,"chain":[` + hop + `]}`, "bound:effbound:nonempty"},
		{Bound, `{"v":1,"chain":[` + hop + `,{"component":"g","bound":[{"tool":"u"}]}]}`, "bound:effbound:empty"},
		{Bound, `{"v":1,"chain":[` + hop + `,{"component":"h","bound":[{"tool":"t","args":{"x":{"bogus":1}}}]}]}`,
			`bound:malformed:/chain/N/bound/N/args/x/bogus:unknown operator "…" (the operators are eq, in, prefix, glob, and)`},
		{Bound, `{"v":1,"v":1}`, "bound:malformed::admit:DuplicateMember"},
		{Bound, `[1]`, "bound:malformed::provenance must be an object, not array"},
	} {
		if got := c.verdict([]byte(c.in)); got != c.want {
			t.Errorf("%q: verdict %q, want %q", c.in, got, c.want)
		}
	}
}

// The spelling of an error no verdict knows, and of a pointer's indices.
func TestErrorAndPointerClasses(t *testing.T) {
	err := errors.New("something at byte 12 went wrong")
	for _, c := range []struct{ got, want string }{
		{errorClass(err), "error(something at byte N went wrong)"},
		{AdmitKind(err), "error(something at byte N went wrong)"},
		{jcsErrorClass(err), "error(something at byte N went wrong)"},
		{digestErrorClass(err), "error(something at byte N went wrong)"},
		{boundErrorClass(err), "error(something at byte N went wrong)"},
		{pointerClass("/chain/12/bound/0/args/x0"), "/chain/N/bound/N/args/x0"},
		{pointerClass(""), ""},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
