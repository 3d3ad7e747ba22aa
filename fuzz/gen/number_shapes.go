package gen

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
)

// NumberShape is a number token that Write never makes, since a Value's
// number is a finite double and Write spells it in RFC 8259 section 6's
// grammar: GenerateText plants one where a value stands, so the engine
// reaches from an empty corpus the numbers that real canonicalizers get
// wrong (docs/EFFICACY.md, "Real bugs rediscovered").
type NumberShape uint8

// The shapes, each with what admission (targets/admit) makes of it.
const (
	// PastLargestDouble: a number whose magnitude rounds past the largest
	// double, to an infinity (1e400, -1E700, 2e308): NumberNotFinite, as
	// RFC 8785 section 3.2.2.3 writes finite doubles only (I-JSON, RFC
	// 7493 section 2.2). go-json-experiment/jsontext writes such a number
	// as the largest double.
	PastLargestDouble NumberShape = iota
	// BelowSmallestSubnormal: a number not zero whose magnitude is under
	// half the smallest subnormal, so that it rounds to zero (1e-400,
	// 2e-324): admitted, since underflow to zero is finite, and written
	// as 0 (RFC 8785 section 3.2.2.3, ECMA-262 Number::toString of ±0).
	BelowSmallestSubnormal
	// NearMissToken: a token just outside RFC 8259 section 6's number
	// grammar (.0, 0., 01, +1, 1e, -, 0x1, Infinity, NaN, 1_0, full-width
	// digits): Syntax. The cyberphone reference hands such a token to
	// strconv.ParseFloat and writes what it reads.
	NearMissToken
	numberShapes
)

var numberShapeNames = [...]string{"PastLargestDouble", "BelowSmallestSubnormal", "NearMissToken"}

func (n NumberShape) String() string {
	if n < numberShapes {
		return numberShapeNames[n]
	}
	return "NumberShape(?)"
}

// numberTokens are the tokens of each shape.
var numberTokens = [numberShapes][]string{
	PastLargestDouble: {
		"1e400", "-1E700", "2e308", "17976931348623159e292", "1.7976931348623159e308", "-1.8e308",
		"1e+99999", "0.1e310", "1000e306", "1" + strings.Repeat("0", 309), // 10^309 as an integer
		halfwayPastLargest(), // ties to even: the largest double's significand is odd, so up to 2^1024
	},
	BelowSmallestSubnormal: {
		"1e-400", "-1E-700", "2e-324", "2.4703282292062327e-324", // just under half of 5e-324
		"-1e-99999", "0." + strings.Repeat("0", 330) + "1", "0.1e-324",
	},
	NearMissToken: {
		".0", "0.", "01", "-01", "00.0", "+1", ".5e1", "1.e5", "1e", "1e+", "1E-", "-", "--1", "- 1",
		"1ee5", "1.0.0", "0x1", "0x1p0", "Infinity", "-Infinity", "NaN", "1_0", "\uff11", "-\uff10.5",
	},
}

// halfwayPastLargest is the integer halfway between the largest double,
// 2^1024 - 2^971, and 2^1024: the least value that rounds to an infinity.
func halfwayPastLargest() string {
	two := big.NewInt(2)
	top := new(big.Int).Exp(two, big.NewInt(1024), nil)
	return top.Sub(top, new(big.Int).Exp(two, big.NewInt(970), nil)).String()
}

// PlantNumber writes v (as Write does with seed) with the number token of
// shape that choice selects (modulo the shape's tokens) in place of one of
// its values, a site seed draws: a number, a literal or a string that is
// no member name. A text that is no container or holds none of those
// values becomes the array of the token alone, so that the token is never
// the top-level value, where a cut-short token such as 1.0.0 reads as a
// number with content after it. It returns the text and the offset of the
// token in it.
func PlantNumber(v Value, seed uint64, shape NumberShape, choice int) (text []byte, at int) {
	token := numberToken(shape, choice)
	text = Write(v, seed)
	sites := valueSites(text)
	if top := bytes.TrimLeft(text, " \t\n\r"); len(sites) == 0 || len(top) == 0 || top[0] != '[' && top[0] != '{' {
		return []byte("[" + token + "]"), 1
	}
	site := sites[rand.New(rand.NewPCG(seed, ^seed)).IntN(len(sites))]
	return slices.Concat(text[:site[0]], []byte(token), text[site[1]:]), site[0]
}

// numberToken is the token of shape that choice selects, modulo the
// shape's tokens.
func numberToken(shape NumberShape, choice int) string {
	tokens := numberTokens[shape%numberShapes]
	return tokens[choice%len(tokens)]
}

// valueSites lists the spans [start, end) of text's scalar values: its
// numbers, literals and strings other than member names. Text is a JSON
// text as Write writes it.
func valueSites(text []byte) [][2]int {
	var at [][2]int
	for i := 0; i < len(text); {
		start := i
		switch c := text[i]; {
		case c == '"':
			i++
			for i < len(text) && text[i] != '"' {
				if text[i] == '\\' {
					i++
				}
				i++
			}
			i++
			if !beforeColon(text[min(i, len(text)):]) {
				at = append(at, [2]int{start, i})
			}
		case c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z':
			for i < len(text) && strings.IndexByte("+-.0123456789eEabcdefghijklmnopqrstuvwxyz", text[i]) >= 0 {
				i++
			}
			at = append(at, [2]int{start, i})
		default:
			i++
		}
	}
	return at
}

// beforeColon reports whether rest, what follows a string token, begins
// with a colon after any whitespace: the string is a member name.
func beforeColon(rest []byte) bool {
	for _, c := range rest {
		if !strings.ContainsRune(" \t\n\r", rune(c)) {
			return c == ':'
		}
	}
	return false
}
