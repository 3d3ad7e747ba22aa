package guard

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// nfcPolicy constrains an argument named in NFC ("páth", U+00E1) for
// read_file, one named in NFD ("pa\u0301th", a and U+0301 COMBINING
// ACUTE ACCENT) for write_file, and "\u00c5rea" (U+00C5, whose NFD begins
// with an ASCII A) for list_dir.
const nfcPolicy = `[{"tool":"read_file","args":{"p\u00e1th":{"prefix":"/srv/acme/"}}},` +
	`{"tool":"write_file","args":{"pa\u0301th":{"prefix":"/srv/acme/"}}},` +
	`{"tool":"list_dir","args":{"\u00c5rea":{"prefix":"/srv/acme/"}}}]`

func nfcConfig(t *testing.T, mode Mode) Config {
	t.Helper()
	policy, err := bound.ParseBound([]byte(nfcPolicy))
	if err != nil {
		t.Fatal(err)
	}
	return Config{Component: "guard", Policy: policy, Absent: Originate, Mode: mode}
}

// Red-team pass 3 (docs/GUARD.md), class "names canonically equivalent":
// "páth" and "pa\u0301th" are two names to the guard, which compares code
// points, and one to a server comparing Swift Strings (canonical
// equivalence; JSONSerialization's dictionary keeps one of the two) or to
// any reader that normalizes names. Beside the constrained name, its twin
// carried a value the guard never checked and such a server read as the
// argument. A name whose NFC form, folded, is a constrained name's is now
// an alias (as a name differing only in case is: -32602), in enforce and
// audit mode, by Decide and its reference.
func TestDecideRefusesNamesCanonicallyEquivalentToOthers(t *testing.T) {
	for _, c := range []struct{ name, msg string }{
		{"NFD, escaped, after the NFC name", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"p\u00e1th":"/srv/acme/a","pa\u0301th":"/etc/passwd"}}}`},
		{"NFD, raw, before the NFC name", "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"read_file\",\"arguments\":{\"pa\u0301th\":\"/etc/passwd\",\"p\u00e1th\":\"/srv/acme/a\"}}}"},
		{"NFD in capitals", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"p\u00e1th":"/srv/acme/a","PA\u0301TH":"/etc/passwd"}}}`},
		{"NFC beside the NFD name", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"write_file","arguments":{"pa\u0301th":"/srv/acme/a","p\u00e1th":"/etc/passwd"}}}`},
		// an NFD twin written raw whose first byte is the ASCII "A" of
		// "A\u030a", beside the constrained "\u00c5rea" (U+00C5)
		{"NFD twin beginning with an ASCII letter", "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"list_dir\",\"arguments\":{\"\u00c5rea\":\"/srv/acme/a\",\"A\u030area\":\"/etc\"}}}"},
		{"NFC in capitals beside the NFD name", `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"write_file","arguments":{"pa\u0301th":"/srv/acme/a","P\u00c1TH":"/etc/passwd"}}}`},
	} {
		for _, mode := range []Mode{Enforce, Audit} {
			cfg := nfcConfig(t, mode)
			for _, twin := range decideTwins {
				d := twin.decide([]byte(c.msg), cfg)
				if d.Action != Answer {
					t.Errorf("%s, %v, %s: %v; a server comparing canonically equivalent names reads another call", c.name, mode, twin.name, d.Action)
					continue
				}
				if d.Refusal == nil || d.Refusal.Class != ErrInvalidParams || d.Refusal.Code != CodeInvalidParams {
					t.Errorf("%s, %v, %s: refused as %+v, want -32602", c.name, mode, twin.name, d.Refusal)
				}
			}
		}
	}
	// the constrained name as the policy writes it, alone, and a name
	// that is not canonically equivalent (another accent): as before
	cfg := nfcConfig(t, Enforce)
	for msg, want := range map[string]Action{
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"p\u00e1th":"/srv/acme/a"}}}`:                            Forward,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"write_file","arguments":{"pa\u0301th":"/srv/acme/a"}}}`:                          Forward,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"read_file","arguments":{"p\u00e1th":"/srv/acme/a","pa\u0300th":"/etc/passwd"}}}`: Forward,
	} {
		for _, decide := range []func([]byte, Config) Decision{Decide, DecideReference} {
			if d := decide([]byte(msg), cfg); d.Action != want {
				t.Errorf("%s: %v (%v), want %v", msg, d.Action, d.Refusal, want)
			}
		}
	}
}
