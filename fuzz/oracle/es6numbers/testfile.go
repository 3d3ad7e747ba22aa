package es6numbers

import (
	"crypto/sha256"
	"encoding/binary"
	"math"
	"strconv"
)

// serial is how many doubles follow the static ones: the 2000 smallest
// normal doubles, from 2^-1022 upwards.
const serial = 2000

// TestFile generates the doubles of es6testfile100m.txt in order: the
// static values, the serial ones, then doubles read little-endian from a
// chain of SHA-256 blocks (block = SHA-256(previous block), starting from
// 32 zero bytes), skipping zeros, NaNs and infinities.
type TestFile struct {
	idx   int
	block [sha256.Size]byte
	data  []byte
}

// Next returns the next double of the sequence.
func (t *TestFile) Next() float64 {
	defer func() { t.idx++ }()
	switch {
	case t.idx < len(static):
		return math.Float64frombits(static[t.idx])
	case t.idx < len(static)+serial:
		return math.Float64frombits(0x0010000000000000 + uint64(t.idx-len(static)))
	}
	for {
		if len(t.data) == 0 {
			t.block = sha256.Sum256(t.block[:])
			t.data = t.block[:]
		}
		f := math.Float64frombits(binary.LittleEndian.Uint64(t.data))
		t.data = t.data[8:]
		if f != 0 && !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f
		}
	}
}

// AppendLine appends the test file's line for f: the bit pattern in
// lower-case hex without leading zeros, a comma, format's string form of f,
// and a newline.
func AppendLine(dst []byte, f float64, format Formatter) []byte {
	dst = strconv.AppendUint(dst, math.Float64bits(f), 16)
	dst = append(dst, ',')
	dst = format(dst, f)
	return append(dst, '\n')
}

// Checkpoint is the published SHA-256 of the test file's first Lines lines.
type Checkpoint struct {
	Lines  int
	Size   int64  // bytes in those lines
	SHA256 string // lower-case hex
}

// Published is the table of testdata/README.md in the json-canonicalization
// repository: one checkpoint per power of ten from 1000 to 100 million.
var Published = []Checkpoint{
	{1000, 37967, "be18b62b6f69cdab33a7e0dae0d9cfa869fda80ddc712221570f9f40a5878687"},
	{10000, 399022, "b9f7a8e75ef22a835685a52ccba7f7d6bdc99e34b010992cbc5864cd12be6892"},
	{100000, 4031728, "22776e6d4b49fa294a0d0f349268e5c28808fe7e0cb2bcbe28f63894e494d4c7"},
	{1000000, 40357417, "49415fee2c56c77864931bd3624faad425c3c577d6d74e89a83bc725506dad16"},
	{10000000, 403630048, "b9f8a44a91d46813b21b9602e72f112613c91408db0b8341fb94603d9db135e0"},
	{100000000, 4036326174, "0f7dda6b0837dde083c5d6b896f7d62340c8a2415b0c7121d83145e08a755272"},
}
