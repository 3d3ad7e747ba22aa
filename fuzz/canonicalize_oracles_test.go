package fuzz_test

import (
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle/oracletest"
)

// canonicalizeSeeds are the raw inputs of FuzzCanonicalizeMatchesOracles
// and FuzzCanonicalizeMatchesNode, beside every oracletest.Edge vector.
var canonicalizeSeeds = []seed{
	{`{"\ud83d\ude00":1,"\ue000":2,"\uffff":3}`, "escaped pair and high-BMP names: UTF-16 order puts the pair first"},
	{"{\"\U00010000\":0,\"\uff5e\":1,\"k\U0001f600\":2,\"k\ufb01\":3}", "literal supplementary names beside U+FF5E and U+FB01, alone and after a shared prefix"},
	{`{"a":1,"b":{"c":2,"c":3}}`, "a duplicate one level down"},
	{`{"a":1,"\u0061":2}`, "a duplicate only once the escape is decoded"},
	{`["\udc00\ud800"]`, "a reversed surrogate pair"},
	{`["\ud800\u0041"]`, "a high surrogate followed by an escape that is not a low one"},
	{"[\"\xc0\xaf\",\"\xf4\x90\x80\x80\"]", "an overlong form and a value above U+10FFFF"},
	{"[\"\x01\"]", "a raw control character"},
	{`[1E+2,100.0,1e2,0.01e4,100]`, "one double, five spellings"},
	{`[9007199254740993,9007199254740995,-9007199254740993,18014398509481985]`, "odd integers past 2^53 that round to even"},
	{`[5e-324,2.2250738585072014e-308,1.7976931348623157e308,4.9406564584124654e-324]`, "the ends of the double range"},
	{`[1e21,999999999999999999999,1e-7,0.0000001,0.000001,1e-6]`, "both ends of Number::toString's plain layout"},
	{`[-0,-0.0,-0e10,0e-10]`, "zeros of both signs"},
	{`[1e400,-1e400]`, "no finite double"},
	{"[\"\\uFDD0\\uFFFE\",\"\U0010ffff\"]", "noncharacters, which RFC 8785 admits"},
	{`{"":{"":{"":[[[[[[[[[[[]]]]]]]]]]]}}}`, "empty names and a nested run"},
	{`["\/\b\f\n\r\t\"\\\u0000\u001F\u007f\u2028\u00E9"]`, "every escape, in both hex cases"},
	{`[1,]`, "a trailing comma"},
	{`{"a" 1}`, "a missing colon"},
	{`[01]`, "a leading zero"},
	{"\t[ ]\r\n", "a top-level array in whitespace"},
	{`true`, "a top-level literal"},
}

// FuzzCanonicalizeMatchesOracles holds jcs.Canonicalize on raw bytes to
// canonicalizeMatchesOracles against the Go oracles (gowebpki/jcs,
// cyberphone, jsontext); FuzzCanonicalizeMatchesNode does the same against
// the Node oracles.
func FuzzCanonicalizeMatchesOracles(f *testing.F) {
	addSeeds(f, canonicalizeSeeds)
	for _, v := range oracletest.Edge {
		f.Add([]byte(v.Input))
	}
	f.Fuzz(func(t *testing.T, input []byte) {
		if err := canonicalizeMatchesOracles(jcsDefault, goOracles, input); err != nil {
			t.Fatal(err)
		}
	})
}
