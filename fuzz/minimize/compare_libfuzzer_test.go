//go:build minimizecompare

package minimizefuzz

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/canonfuzz/canonfuzz/internal/testdocs"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// The crashers of the libFuzzer comparison (fuzz/minimize/compare-libfuzzer.sh):
// TestMeasurePlantedCanonicalizers' 256 KiB documents, and for EncodingJSON
// one with its duplicate first and a lone surrogate after it.
var libFuzzerCrashers = []struct{ variant, core string }{
	{"LastWins", `{"k":true,"mid":"x","k":[1,2]}`},
	{"Substitute", `{"k":true,"mid":"x\udc00y"}`},
	{"CodePointOrder", `{"k":true,"\ue000":1,"\ud83d\ude00":2}`},
	{"EncodingJSON", `{"k":true,"mid":"x","k":[1,"\udc00"]}`},
}

// TestWriteLibFuzzerCrashers writes $MINIMIZE_LIBFUZZER_DIR/VARIANT.crash.
func TestWriteLibFuzzerCrashers(t *testing.T) {
	dir := os.Getenv("MINIMIZE_LIBFUZZER_DIR")
	if dir == "" {
		t.Skip("MINIMIZE_LIBFUZZER_DIR not set")
	}
	for _, c := range libFuzzerCrashers {
		doc := testdocs.HugeDuplicate(1<<18, 40, 3)
		doc = bytes.Replace(doc, []byte(`{"k":true,"mid":"x\u00e9y","k":[1,2]}`), []byte(c.core), 1)
		if minimize.Sign(plantedSigner(c.variant), doc) == minimize.Pass {
			t.Fatalf("%s: the crasher passes", c.variant)
		}
		if err := os.WriteFile(filepath.Join(dir, c.variant+".crash"), doc, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCompareLibFuzzer minimizes each VARIANT.crash with Minimize and
// replays VARIANT.libfuzzer (what -minimize_crash left) through the same
// signer, then prints one table row per variant: sizes, times (libFuzzer's
// from VARIANT.libfuzzer.time, written by the script) and whether each
// result kept the crasher's signature.
func TestCompareLibFuzzer(t *testing.T) {
	dir := os.Getenv("MINIMIZE_LIBFUZZER_DIR")
	if dir == "" {
		t.Skip("MINIMIZE_LIBFUZZER_DIR not set")
	}
	for _, c := range libFuzzerCrashers {
		s := plantedSigner(c.variant)
		crash, err := os.ReadFile(filepath.Join(dir, c.variant+".crash"))
		if err != nil {
			t.Fatal(err)
		}
		want := minimize.Sign(s, crash)
		res, err := minimize.Minimize(context.Background(), crash, s, minimize.Options{Time: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		ours := kept(minimize.Sign(s, res.Input), want)
		lf, err := os.ReadFile(filepath.Join(dir, c.variant+".libfuzzer"))
		lfSize, lfSig := "none", "(no output)"
		if err == nil {
			lfSize = strconv.Itoa(len(lf))
			lfSig = kept(minimize.Sign(s, lf), want) + " " + quoteShort(lf)
		}
		lfTime, _ := os.ReadFile(filepath.Join(dir, c.variant+".libfuzzer.time"))
		t.Logf("| `%s` | `%s` | %d | ours: %d %s in %v (%d tries) | libFuzzer: %s %s in %s |",
			c.variant, want, len(crash), len(res.Input), ours+" "+quoteShort(res.Input),
			res.Stats.Elapsed.Round(time.Millisecond), res.Stats.Tries, lfSize, lfSig, strings.TrimSpace(string(lfTime)))
	}
}

// kept says whether got is the crasher's signature want, or what it is.
func kept(got, want minimize.Signature) string {
	if got == want {
		return "kept"
	}
	return "LOST (now " + string(got) + ")"
}

// quoteShort shows at most 60 bytes of b, with bytes that are not UTF-8
// and control bytes as \xNN.
func quoteShort(b []byte) string {
	more := ""
	if len(b) > 60 {
		b, more = b[:60], "..."
	}
	var s strings.Builder
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 || r < 0x20 {
			fmt.Fprintf(&s, "\\x%02x", b[0])
		} else {
			s.Write(b[:n])
		}
		b = b[n:]
	}
	return "`" + s.String() + "`" + more
}
