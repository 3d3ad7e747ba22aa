package planted

import "strconv"

// GoNumber formats a double as Go's strconv does with 'g' and shortest
// precision, not as ECMAScript does: 1e+21 agrees, 1e+20 for 100000000000000000000
// and 1e-05 for 0.00001 do not.
func GoNumber(dst []byte, f float64) []byte {
	return strconv.AppendFloat(dst, f, 'g', -1, 64)
}
