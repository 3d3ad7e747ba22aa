package admit_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// TestNameWordPathMatchesReference holds the one-word path of member names
// (scanName, issue 20: a name of at most eight plain ASCII bytes is read
// and keyed from the word that holds its closing quote) to Reference: every
// length from 0 to 10, the name repeated plain or with its last byte
// escaped, a non-ASCII, escaped or control byte at each position of the
// word, and the object cut at every byte, so that the word meets the end
// of the input at every place.
func TestNameWordPathMatchesReference(t *testing.T) {
	const letters = "abcdefghij"
	var names [][2]string // a name and a spelling of another name or the same
	for n := 0; n <= 10; n++ {
		name := letters[:n]
		names = append(names, [2]string{name, name}, [2]string{name, name + "k"})
		if n > 0 {
			esc := name[:n-1] + fmt.Sprintf(`\u%04x`, name[n-1])
			names = append(names, [2]string{name, esc}, [2]string{esc, name}, [2]string{name, name[:n-1]})
			for p := 0; p < n; p++ {
				for _, odd := range []string{"\xC3\xA9", `\n`, "\x01", `\"`} {
					o := name[:p] + odd + name[p+1:]
					names = append(names, [2]string{o, o}, [2]string{o, name})
				}
			}
		}
	}
	opts := admit.Options{}
	checked := 0
	for _, pair := range names {
		for _, doc := range []string{
			`{"` + pair[0] + `":0,"` + pair[1] + `":1}`,
			`{"` + pair[0] + `":{"` + pair[1] + `":1},"` + pair[1] + `":2}`,
			`[{"x":0},{"` + pair[0] + `":0,"y":1,"` + pair[1] + `":1}]`,
		} {
			for cut := 1; cut <= len(doc); cut++ {
				in := []byte(doc[:cut])
				got, want := admit.Scan(in, opts), admit.Reference(in, opts)
				if d := sameVerdict(got, want); d != "" {
					t.Errorf("%q: %s", in, d)
				}
				checked++
			}
		}
	}
	t.Logf("%d inputs", checked)
}

// TestNameWordPathAcrossChunks: a small object whose names straddle the
// name set's first chunk boundary (1,024 entries of open objects), with a
// repeat of a short name after it, so that the one-word search meets an
// object that begins in an earlier chunk than the last append, at every
// offset around the boundary.
func TestNameWordPathAcrossChunks(t *testing.T) {
	for pre := 1000; pre <= 1030; pre++ {
		var b strings.Builder
		b.WriteByte('{')
		for k := range pre {
			fmt.Fprintf(&b, `"a%d":0,`, k)
		}
		b.WriteString(`"z":{`)
		for k := range 12 {
			fmt.Fprintf(&b, `"b%d":0,`, k)
		}
		admitted := b.String() + `"b":0}}`
		for _, doc := range []string{admitted, b.String() + `"b3":0}}`, b.String() + `"b\u0033":0}}`} {
			in := []byte(doc)
			if d := sameVerdict(admit.Scan(in, admit.Options{}), admit.Reference(in, admit.Options{})); d != "" {
				t.Errorf("%d names before: %s", pre, d)
			}
		}
	}
}
