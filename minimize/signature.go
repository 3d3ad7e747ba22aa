package minimize

import (
	"fmt"
	"runtime"
	"strings"
	"unicode/utf8"
)

// Signature names the way an input fails, or in outcome mode the verdict a
// target gives it. Two inputs fail the same way when their signatures are
// equal. It is a comparable string of colon-separated fields, the first being
// the target's short name or "panic".
type Signature string

// Pass is the signature of an input on which a target shows nothing worth
// keeping: no panic and no property failure.
const Pass Signature = ""

// A Signer replays a target on one input in process and returns its
// signature. It must be a pure function of the input.
type Signer interface {
	Sign(input []byte) Signature
}

// SignerFunc adapts a function to a Signer.
type SignerFunc func(input []byte) Signature

// Sign calls f.
func (f SignerFunc) Sign(input []byte) Signature { return f(input) }

// Sign replays s on input and returns its signature. A panic in s is
// recovered and becomes the signature "panic:FUNCTION:CLASS", where FUNCTION
// is the function that panicked (package-qualified, without the import path)
// and CLASS is the panic message with numbers and quoted text blanked out, so
// that one bug keeps one signature while the input shrinks.
func Sign(s Signer, input []byte) (sig Signature) {
	defer func() {
		if r := recover(); r != nil {
			sig = Signature("panic:" + panickingFunction() + ":" + panicClass(r))
		}
	}()
	return s.Sign(input)
}

// panickingFunction walks the stack of a deferred call during a panic: the
// first frame below runtime.gopanic that is not in package runtime is the
// function that panicked (runtime.panicIndex and runtime.sigpanic are
// skipped).
func panickingFunction() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	inPanic := false
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "runtime.gopanic":
			inPanic = true
		case inPanic && !strings.HasPrefix(f.Function, "runtime."):
			return shortFunction(f.Function)
		}
		if !more {
			return "unknown"
		}
	}
}

// shortFunction drops the import path: "github.com/x/y/admit.Scan" becomes
// "admit.Scan".
func shortFunction(name string) string {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// maxClassRunes bounds the message class; the start of a message says what
// went wrong, the rest is usually data.
const maxClassRunes = 80

// panicClass turns a recovered value into a stable message class.
func panicClass(r any) string {
	var msg string
	switch v := r.(type) {
	case error:
		msg = v.Error()
	case string:
		msg = v
	case fmt.Stringer:
		msg = v.String()
	default:
		msg = fmt.Sprintf("%T", v)
	}
	return MessageClass(msg)
}

// MessageClass replaces each run of digits by N and each double-quoted
// segment by "…", turns control characters into spaces, and keeps at most
// maxClassRunes runes: "index out of range [5] with length 3" becomes
// "index out of range [N] with length N".
func MessageClass(msg string) string {
	var b strings.Builder
	runes := 0
	for i := 0; i < len(msg) && runes < maxClassRunes; {
		c := msg[i]
		switch {
		case c >= '0' && c <= '9':
			for i < len(msg) && msg[i] >= '0' && msg[i] <= '9' {
				i++
			}
			b.WriteByte('N')
		case c == '"':
			j := i + 1
			for j < len(msg) && msg[j] != '"' {
				if msg[j] == '\\' {
					j++
				}
				j++
			}
			i = min(j+1, len(msg))
			b.WriteString(`"…"`)
		case c < 0x20 || c == 0x7f:
			i++
			b.WriteByte(' ')
		default:
			r, n := utf8.DecodeRuneInString(msg[i:])
			i += n
			b.WriteRune(r)
		}
		runes++
	}
	return b.String()
}
