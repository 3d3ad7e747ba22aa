package guard

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
)

// idKey is the key under which the guard matches a request id: the pending
// table (pendingSet), the cancellation reader (forgetCancelled), the
// server's answers (replyID) and the tools/list answers it learns from
// (schemaStore) all compare ids as idKeyOf keys them, and nothing else
// compares ids.
//
// JSON-RPC 2.0 section 5 says a response's id "MUST be the same as the
// value of the id member in the Request Object", and an id that is a
// number is a value, not a spelling: every mainstream client compares
// parsed numbers (JavaScript's ===, Python's ==), and the Go SDK's server
// answers id 1.0 with id 1. So a number is keyed by its exact decimal value
// (1, 1.0, 1e0, 10E-1 and 1.00 key alike; -0 and 0 key alike), computed
// from the token's digits with no float64 (9007199254740993 and
// 9007199254740992 key apart, as do 1e400 and 1e401). A string is keyed as
// readID writes it, decoded ("\u0061" is "a"); a string and a number never
// key alike (1 and "1" are two ids, section 4).
type idKey string

// maxIDDigits bounds the significant digits of a number id the guard keys
// (after leading and trailing zeros are dropped), so a key is at most
// about 90 bytes whatever the token: a 1 MB run of digits cannot make a
// key of a megabyte. Real ids are integers of at most 20 digits.
const maxIDDigits = 64

// errIDNotKeyable is the cause of an id the guard cannot key exactly (a
// number with more than maxIDDigits significant digits, or an exponent
// jsonwire.ReadNumber saturates): such a request is answered, never
// forwarded, since its answer could not be matched (fail closed).
var errIDNotKeyable = errors.New("guard: the id cannot be matched exactly")

// idKeyOf keys an id as readID writes it (a string token or a number
// token as written). An id that is neither, or a number it cannot key
// exactly, is an error wrapping errIDNotKeyable.
func idKeyOf(id []byte) (idKey, error) {
	if len(id) == 0 {
		return "", fmt.Errorf("%w: no id", errIDNotKeyable)
	}
	if id[0] == '"' {
		return idKey(id), nil
	}
	var num jsonwire.Number
	if err := jsonwire.ReadNumber(id, 0, &num); err != nil || num.End != len(id) {
		return "", fmt.Errorf("%w: %.40q is not one number token", errIDNotKeyable, id)
	}
	return numberKey(id, &num)
}

// numberKey writes the exact value of a number token as sign, significant
// digits (no leading or trailing zero) and the power of ten they are
// multiplied by: -12.50e1 is "-125e0", 0.001 is "1e-3", and every zero is
// "0". The digits of the integer and fraction parts are read as one
// sequence D, whose value times 10^(exponent - fraction digits) is the
// number's.
func numberKey(tok []byte, num *jsonwire.Number) (idKey, error) {
	intLen := num.IntEnd - num.IntStart
	fracLen := num.FracEnd - num.FracStart
	digit := func(k int) byte { // the k-th digit of D
		if k < intLen {
			return tok[num.IntStart+k]
		}
		return tok[num.FracStart+k-intLen]
	}
	lo, hi := 0, intLen+fracLen // D's significant digits are [lo, hi)
	for lo < hi && digit(lo) == '0' {
		lo++
	}
	if lo == hi {
		return "0", nil
	}
	for digit(hi-1) == '0' {
		hi--
	}
	if hi-lo > maxIDDigits {
		return "", fmt.Errorf("%w: the number has %d significant digits, more than the %d the guard keys", errIDNotKeyable, hi-lo, maxIDDigits)
	}
	if num.Exp >= jsonwire.ExpSaturate || num.Exp <= -jsonwire.ExpSaturate {
		return "", fmt.Errorf("%w: the number's exponent is past ±%d", errIDNotKeyable, int64(jsonwire.ExpSaturate))
	}
	// Dropping the trailing zeros of D multiplies the power by 10 each.
	exp := num.Exp - int64(fracLen) + int64(intLen+fracLen-hi)
	b := make([]byte, 0, 1+hi-lo+1+20)
	if num.Neg {
		b = append(b, '-')
	}
	for k := lo; k < hi; k++ {
		b = append(b, digit(k))
	}
	b = append(b, 'e')
	b = strconv.AppendInt(b, exp, 10)
	return idKey(b), nil
}

// idNotKeyable is the guard's answer to a request whose id idKeyOf cannot
// key: -32600, since no answer of the server could be matched to it.
func idNotKeyable(err error) *Refusal {
	return &Refusal{Class: ErrNotRequest, Code: CodeInvalidRequest, Reason: err.Error(), Cause: err}
}
