package es6numbers

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// HashResult is one checkpoint as a formatter reproduced it.
type HashResult struct {
	Want     Checkpoint
	Size     int64
	SHA256   string
	Mismatch bool // the hash or the size differs from the published one
}

// Hash formats the test file's first lines doubles with format, hashes
// the lines as the published table does, and calls report at every
// published checkpoint up to lines (which must be one of them). With each
// double it calls visit (if not nil), so a caller can also compare it
// elsewhere. It returns an error if lines is no checkpoint or any
// checkpoint differs.
func Hash(lines int, format Formatter, visit func(f float64), report func(HashResult)) error {
	last := -1
	for i, c := range Published {
		if c.Lines == lines {
			last = i
		}
	}
	if last < 0 {
		return fmt.Errorf("es6numbers: %d lines is no published checkpoint", lines)
	}
	var gen TestFile
	h := sha256.New()
	var size int64
	var line []byte
	bad := 0
	next := 0
	for n := 1; n <= lines; n++ {
		f := gen.Next()
		if visit != nil {
			visit(f)
		}
		line = AppendLine(line[:0], f, format)
		h.Write(line)
		size += int64(len(line))
		if n != Published[next].Lines {
			continue
		}
		r := HashResult{Want: Published[next], Size: size, SHA256: hex.EncodeToString(h.Sum(nil))}
		r.Mismatch = r.SHA256 != r.Want.SHA256 || r.Size != r.Want.Size
		if r.Mismatch {
			bad++
		}
		if report != nil {
			report(r)
		}
		next++
	}
	if bad > 0 {
		return fmt.Errorf("es6numbers: %d of %d checkpoints differ from the published hashes", bad, next)
	}
	return nil
}
