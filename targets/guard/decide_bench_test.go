package guard

import (
	"strings"
	"testing"
)

// benchCall is a tools/call of read_file inside vectorPolicy, with extra
// unconstrained arguments of about pad bytes.
func benchCall(pad int) []byte {
	msg := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/docs/README.md"`
	if pad > 0 {
		msg += `,"content":"` + strings.Repeat("abcdefghijklmno ", pad/16) + `"`
	}
	return []byte(msg + `}}}`)
}

// benchOutside is benchCall outside the bound: forwarded in audit mode,
// with the violation recorded, and answered under enforce.
func benchOutside(pad int) []byte {
	return []byte(strings.Replace(string(benchCall(pad)), "/srv/acme/", "/etc/", 1))
}

func benchDecide(b *testing.B, msg []byte, mode Mode, want Action) {
	cfg := vectorConfig(b, Originate, mode)
	if d := Decide(msg, cfg); d.Action != want {
		b.Fatalf("%v (%v), want %v", d.Action, d.Refusal, want)
	}
	b.SetBytes(int64(len(msg)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		Decide(msg, cfg)
	}
}

// BenchmarkDecide is the guard's decision on one client message (SEP-3246
// section 4): a small call inside the bound, one with 1 MiB of arguments,
// each under enforce and under audit, and the audit mode's forward of a
// call outside the bound.
func BenchmarkDecide(b *testing.B) {
	small, large := benchCall(0), benchCall(1<<20)
	b.Run("call=small/mode=enforce", func(b *testing.B) { benchDecide(b, small, Enforce, Forward) })
	b.Run("call=small/mode=audit", func(b *testing.B) { benchDecide(b, small, Audit, Forward) })
	b.Run("call=small-outside/mode=audit", func(b *testing.B) { benchDecide(b, benchOutside(0), Audit, Forward) })
	b.Run("call=1MiB/mode=enforce", func(b *testing.B) { benchDecide(b, large, Enforce, Forward) })
	b.Run("call=1MiB/mode=audit", func(b *testing.B) { benchDecide(b, large, Audit, Forward) })
	b.Run("call=1MiB-outside/mode=audit", func(b *testing.B) { benchDecide(b, benchOutside(1<<20), Audit, Forward) })
	b.Run("notification=1MiB", func(b *testing.B) {
		benchDecide(b, []byte(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"data":"`+strings.Repeat("abcdefghijklmno ", 1<<16)+`"}}`), Enforce, Relay)
	})
}
