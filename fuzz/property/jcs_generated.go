package property

import (
	"bytes"
	"hash/fnv"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
)

// writingSeeds derives the seeds of two random writings of a value from
// its canonical form (gen.Write seed 0 is the plain writing), so that the
// value read back from a document gets the writings the generated value
// got.
func writingSeeds(canonical []byte) (uint64, uint64) {
	h := fnv.New64a()
	h.Write(canonical)
	s := h.Sum64()
	return s | 1, (s*0x9e3779b97f4a7c15)>>1 | 1
}

// GeneratedWritingsAgree: the value gen.Generate makes of data, written
// plainly and in two random representations, canonicalizes with canon to
// gen.Canonical's form of it each time (class model-differs), and every
// oracle writes that same form for a random writing
// (oracle:NAME:differs, oracle:NAME:refuses, or a breakdown; cyberphone
// may refuse a top-level scalar, its pinned behaviour).
func GeneratedWritingsAgree(canon Canonicalizer, refs []oracle.Canonicalizer, data []byte) *Violation {
	return valueWritingsAgree(canon, refs, gen.Generate(data))
}

// GeneratedDocumentWritingsAgree is GeneratedWritingsAgree on a JSON
// document instead of generator bytes: the value gen.Read reads from it
// (class document:unreadable when it reads none).
func GeneratedDocumentWritingsAgree(canon Canonicalizer, refs []oracle.Canonicalizer, doc []byte) *Violation {
	v, err := gen.Read(doc, gen.ReadOptions{})
	if err != nil {
		return violated("GeneratedWritingsAgree", "document:unreadable", "%v", err)
	}
	return valueWritingsAgree(canon, refs, v)
}

func valueWritingsAgree(canon Canonicalizer, refs []oracle.Canonicalizer, v gen.Value) *Violation {
	const name = "GeneratedWritingsAgree"
	want := gen.Canonical(v)
	a, b := writingSeeds(want)
	for _, seed := range []uint64{0, a, b} {
		text := gen.Write(v, seed)
		got, err := canon(text)
		if err != nil || !bytes.Equal(got, want) {
			return violated(name, "model-differs", "writing %d %q: canonical form %q, %v; the model's is %q", seed, text, got, err, want)
		}
	}
	text := gen.Write(v, a)
	for _, ref := range refs {
		o := oracle.Run(ref, text)
		switch o.Class() {
		case oracle.Output:
			if !bytes.Equal(o.Output, want) {
				return violated(name, "oracle:"+oracleName(o)+":differs", "writing %q: %v; the model's is %q", text, o, want)
			}
		case oracle.Refusal:
			if !oracleRefusalExplained(ref, text) {
				return violated(name, "oracle:"+oracleName(o)+":refuses", "writing %q: %v", text, o)
			}
		default:
			return breakdown(name, o)
		}
	}
	return nil
}
