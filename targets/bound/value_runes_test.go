package bound_test

import (
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// runeCases are values whose runes NFKC (and a Windows best-fit mapping
// where it agrees) reads as '.', '/', '\', '?', '#', '%' or ':', under a rule that admits
// them as names: after a prefix, in the first segment, as the whole
// value, under eq, in, prefix, glob and and, raw and percent-encoded
// (once and twice). Each is written as JSON.
var runeCases = []nulCase{
	{"prefix, fullwidth ../.. after it", `{"prefix":"/srv/acme/"}`, `"/srv/acme/\uff0e\uff0e\uff0f\uff0e\uff0e/etc"`},
	{"prefix, fullwidth dots between separators", `{"prefix":"/srv/acme/"}`, `"/srv/acme/\uff0e\uff0e/\uff0e\uff0e/etc"`},
	{"prefix, two dot leader", `{"prefix":"/srv/acme/"}`, `"/srv/acme/\u2025/\u2025/etc/passwd"`},
	{"prefix, one dot leaders", `{"prefix":"/srv/acme/"}`, `"/srv/acme/\u2024\u2024/x"`},
	{"prefix, small full stops", `{"prefix":"/srv/acme/"}`, `"/srv/acme/\ufe52\ufe52/x"`},
	{"prefix, fullwidth reverse solidus", `{"prefix":"/srv/acme/"}`, `"/srv/acme/x\uff3c..\uff3c..\uff3cetc"`},
	{"prefix, small reverse solidus", `{"prefix":"/srv/acme/"}`, `"/srv/acme/x\ufe68..\ufe68etc"`},
	{"prefix, vertical two dot leader", `{"prefix":"/srv/acme/"}`, `"/srv/acme/\ufe30/x"`},
	{"prefix, percent-encoded fullwidth dots", `{"prefix":"/srv/acme/"}`, `"/srv/acme/%EF%BC%8E%EF%BC%8E/etc"`},
	{"prefix, twice percent-encoded fullwidth solidus", `{"prefix":"/srv/acme/"}`, `"/srv/acme/x%25EF%25BC%258F..%25EF%25BC%258F..%25EF%25BC%258Fetc"`},
	{"prefix, an encoded dot leader in the query", `{"prefix":"/srv/acme/"}`, `"/srv/acme/x?%E2%80%A5"`},
	{"glob *, a fullwidth solidus inside one segment", `{"glob":"/srv/acme/*"}`, `"/srv/acme/\uff0e\uff0e\uff0f\uff0e\uff0e\uff0fetc"`},
	{"glob **", `{"glob":"/srv/**"}`, `"/srv/acme/\u2025\uff0f\u2025\uff0fetc"`},
	{"prefix empty, the first segment", `{"prefix":""}`, `"\uff0e\uff0e/etc/passwd"`},
	{"prefix relative, after it", `{"prefix":"acme/"}`, `"acme/\uff0e\uff0e/\uff0e\uff0e/etc"`},
	{"eq, the whole value", `{"eq":"\uff0e\uff0e"}`, `"\uff0e\uff0e"`},
	{"in, the whole value", `{"in":["a","\u2025\uff0f\u2025"]}`, `"\u2025\uff0f\u2025"`},
	{"eq, a scheme and a fullwidth path", `{"eq":"file:///srv/acme/\uff0e\uff0e/etc"}`, `"file:///srv/acme/\uff0e\uff0e/etc"`},
	{"and", `{"and":[{"prefix":"/srv/"},{"glob":"/srv/*/*"}]}`, `"/srv/acme/\uff0e\uff0e\uff0f\uff0e\uff0e"`},
	{"prefix, FULLWIDTH in capitals beside the dots", `{"prefix":"/srv/ACME/"}`, `"/srv/ACME/\uff21\uff0e\uff0e"`},
	{"prefix, a fullwidth question mark after two dots", `{"prefix":"/srv/acme/"}`, `"/srv/acme/..\uff1fx"`},
	{"prefix, a small question mark after two dots", `{"prefix":"/srv/acme/"}`, `"/srv/acme/x/..\ufe56"`},
	{"prefix, a fullwidth number sign after two dots", `{"prefix":"/srv/acme/"}`, `"/srv/acme/..\uff03x"`},
	{"prefix, fullwidth percent signs before 2e", `{"prefix":"/srv/acme/"}`, `"/srv/acme/\uff052e\uff052e/etc"`},
	{"glob *.txt, a fullwidth colon: an alternate data stream", `{"glob":"/srv/acme/*.txt"}`, `"/srv/acme/a.php\uff1a\uff1a$DATA.txt"`},
	{"prefix empty, a fullwidth colon: a drive", `{"prefix":""}`, `"C\uff1a/windows"`},
}

// A value holding such a rune admits nothing under the path reading and
// the default dual reading, folded or not, by Check, Prepared.Check,
// Hardened's layers and the path reading with the encoded-structure
// layer alone, and the text read as a path admits each (the refusal is
// that layer's: the names are names to POSIX and the wide-character
// APIs). Under the plain reading a deployment chose, which reads no path
// structure at all ("/srv/acme/../../etc" is admitted by a plain prefix
// too), it is admitted as before. Before the layer refused these runes,
// Check admitted each under the path and dual readings.
func TestValueOfCompatibilityStructureAdmitsNothing(t *testing.T) {
	for _, c := range runeCases {
		for _, tool := range []string{"p", "t", "s"} {
			for _, fold := range []bool{false, true} {
				canon := bound.Canon{Schemas: bound.Schemas{tool: nulSchemas[tool]}, Fold: fold}
				if tool == "s" {
					prov, params := c.documents(tool)
					if d := bound.Hardened.Check(prov, params, canon); !d.Admit {
						t.Errorf("%s, plain, fold %v: Check refuses %s: %s", c.name, fold, c.arg, d.Reason)
					}
					continue
				}
				layered := bound.Reading{Undeclared: bound.ModeHierarchical, Harden: bound.HardenEncodedStructure}
				for _, by := range checksAdmitting(t, c, tool, canon, layered) {
					t.Errorf("%s, tool %s, fold %v: %s admits %s", c.name, tool, fold, by, c.arg)
				}
			}
		}
		prov, params := c.documents("p")
		for _, r := range bound.TextReadings() {
			if d := r.Check(prov, params, bound.Canon{Schemas: bound.Schemas{"p": nulSchemas["p"]}}); !d.Admit {
				t.Errorf("%s: the text read as %s refuses %s: %s", c.name, r, c.arg, d.Reason)
			}
		}
	}
}

// Runes NFKC leaves as they are stay names: a path holding U+2215
// DIVISION SLASH, U+2044 FRACTION SLASH, an accented letter or a
// fullwidth letter is admitted as before, raw and percent-encoded.
func TestValueOfOtherRunesIsANameAsBefore(t *testing.T) {
	for _, v := range []string{`"/srv/acme/a\u2215b"`, `"/srv/acme/a\u2044b"`, `"/srv/acme/caf\u00e9"`, `"/srv/acme/\uff21"`, `"/srv/acme/%E2%88%95"`, `"/srv/acme/\u00a5"`} {
		c := nulCase{"a name", `{"prefix":"/srv/acme/"}`, v}
		for _, tool := range []string{"p", "t"} {
			prov, params := c.documents(tool)
			canon := bound.Canon{Schemas: bound.Schemas{tool: nulSchemas[tool]}}
			if d := bound.Hardened.Check(prov, params, canon); !d.Admit {
				t.Errorf("tool %s: Check refuses %s: %s", tool, v, d.Reason)
			}
		}
	}
}

// The refusal is a typed one, as every refusal of canonicalization is.
func TestCanonicalizeStringRefusesCompatibilityStructure(t *testing.T) {
	for _, s := range []string{"/srv/acme/\uff0e\uff0e", "\u2025", "a\uff3cb", "/x/%EF%BC%8F", "https://h\uff0e/x", "/x?\uff0f"} {
		for _, fold := range []bool{false, true} {
			if c, err := bound.CanonicalizeString(s, bound.ModeHierarchical, fold); err == nil || !strings.Contains(err.Error(), "NFKC") {
				t.Errorf("CanonicalizeString(%q, path, fold %v) = %q, %v; want refused for a rune NFKC reads as structure", s, fold, c, err)
			}
		}
	}
}
