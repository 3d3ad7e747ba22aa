package matrix

import (
	"crypto/sha256"
	"encoding/base64"
)

// DigestVector is one argument vector of the action-digest probe (seed
// 000), wrapped as {"method":"tools/call","name":"read_file","arguments":…}.
type DigestVector struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

// DigestVectors are the probe's 13 vectors, in its order (the same as
// targets/digest/testdata/seed000, which TestDigestVectorsAreSeed000 holds
// them to).
var DigestVectors = []DigestVector{
	{"key order A", `{"a":2,"b":1}`},
	{"key order B", `{"b":1,"a":2}`},
	{"number 1", `{"n":1}`},
	{"number 1.0", `{"n":1.0}`},
	{"number 1e0", `{"n":1e0}`},
	{`escape \u00e9`, `{"s":"\u00e9"}`},
	{"literal é (U+00E9)", `{"s":"é"}`},
	{"decomposed e + U+0301", "{\"s\":\"e\u0301\"}"},
	{"id 2^53", `{"id":9007199254740992}`},
	{"id 2^53 + 1", `{"id":9007199254740993}`},
	{"id 2^53 + 2", `{"id":9007199254740994}`},
	{"duplicate keys {a:1,a:2}", `{"a":1,"a":2}`},
	{"single key {a:2}", `{"a":2}`},
}

// sameInvocation are the groups of vectors that differ only in
// representation, whose digests RFC 8785 makes equal (0-based).
var sameInvocation = [][]int{{0, 1}, {2, 3, 4}, {5, 6}}

// invocation is the text the probe canonicalizes for arguments.
func invocation(arguments string) []byte {
	return []byte(`{"method":"tools/call","name":"read_file","arguments":` + arguments + `}`)
}

// actionDigest is BASE64URL(SHA-256(canonical)), unpadded.
func actionDigest(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// DigestRow is what one implementation makes of the 13 vectors: the digest
// of each (or "raises: REASON"), the vectors it raises on, the pairs of
// different invocations that get one digest (collisions), and the vectors
// whose digest is not ours.
type DigestRow struct {
	Implementation string   `json:"implementation"`
	Digests        []string `json:"digests"`
	Raises         []int    `json:"raises"`
	Collides       [][2]int `json:"collides"`
	Differs        []int    `json:"differs"`
}

// digestRows runs the vectors through every implementation; ours is the
// reference for differs.
func digestRows(impls []Impl) []DigestRow {
	rows := make([]DigestRow, len(impls))
	for i, im := range impls {
		row := DigestRow{Implementation: im.Name, Digests: make([]string, len(DigestVectors)), Raises: []int{}, Collides: [][2]int{}, Differs: []int{}}
		for v, dv := range DigestVectors {
			o := outcomeOf(im.C, invocation(dv.Arguments))
			if o.Class != 0 {
				row.Digests[v] = "raises: " + firstLine(o.Detail)
				row.Raises = append(row.Raises, v+1)
				continue
			}
			row.Digests[v] = actionDigest(o.Output)
		}
		for a := range DigestVectors {
			for b := a + 1; b < len(DigestVectors); b++ {
				if row.Digests[a] == row.Digests[b] && !isRaise(row.Digests[a]) && !sameGroup(a, b) {
					row.Collides = append(row.Collides, [2]int{a + 1, b + 1})
				}
			}
		}
		rows[i] = row
	}
	for i := range rows {
		for v := range DigestVectors {
			a, b := rows[i].Digests[v], rows[0].Digests[v]
			if isRaise(a) != isRaise(b) || !isRaise(a) && a != b {
				rows[i].Differs = append(rows[i].Differs, v+1)
			}
		}
	}
	return rows
}

func isRaise(d string) bool { return len(d) > 7 && d[:7] == "raises:" }

func sameGroup(a, b int) bool {
	for _, g := range sameInvocation {
		in := 0
		for _, x := range g {
			if x == a || x == b {
				in++
			}
		}
		if in == 2 {
			return true
		}
	}
	return false
}
