package gowebpki

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/oracletest"
)

var _ oracle.Canonicalizer = (*Oracle)(nil)

func TestPinnedVersionMatchesGoMod(t *testing.T) {
	oracletest.CheckPinnedVersion(t, Module, pinned)
	if got := New().Version(); got != pinned {
		t.Errorf("Version() = %q, want %q", got, pinned)
	}
}

// TestIncumbentBehaviour pins what gowebpki/jcs does with every edge
// vector: RFC 8785 output on all valid ones, refusals of every invalid one,
// scalars at the top level accepted.
func TestIncumbentBehaviour(t *testing.T) {
	oracletest.CheckIncumbent(t, New(), oracletest.Incumbent{
		"sort":                   `{"a":2,"b":1}`,
		"utf16-order":            "{\"😀\":1,\"\uE000\":2}",
		"duplicate":              oracletest.Refuses,
		"lone-surrogate-escaped": oracletest.Refuses,
		"lone-surrogate-utf8":    oracletest.Refuses,
		"invalid-utf8":           oracletest.Refuses,
		"2^53+1":                 `[9007199254740992]`,
		"2^53+1-top":             `9007199254740992`,
		"scalar-top":             `"x"`,
		"minus-zero":             `[0]`,
		"1e21":                   `[1e+21,1e-7,0.000001]`,
		"overflow":               oracletest.Refuses,
		"escapes":                "[\"A\u00e9\\u001f/\u2028\"]",
		"whitespace":             `{"a":[1,true,null]}`,
		"trailing":               oracletest.Refuses,
		"bom":                    oracletest.Refuses,
		"empty":                  oracletest.Refuses,
	})
}
