package matrix

import (
	"encoding/hex"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// The interventions of canonSteps, each one step of SEP-3246 section 3.2.2
// on its own. They are not targets/bound's canonicalization (which refuses
// what these leave as they are, such as a ".." above the root): they are
// the question "does the departure survive once this step is done".

// octetAt reports whether s[i:] starts a percent-encoded octet.
func octetAt(s string, i int) bool {
	if s[i] != '%' || i+2 >= len(s) {
		return false
	}
	_, err := hex.DecodeString(s[i+1 : i+3])
	return err == nil
}

func hasPercentOctet(s string) bool {
	for i := range len(s) {
		if octetAt(s, i) {
			return true
		}
	}
	return false
}

func hasMalformedPercent(s string) bool {
	for i := range len(s) {
		if s[i] == '%' && !octetAt(s, i) {
			return true
		}
	}
	return false
}

// dropMalformedPercent removes every '%' that starts no octet.
func dropMalformedPercent(s string) string {
	var b strings.Builder
	for i := range len(s) {
		if s[i] != '%' || octetAt(s, i) {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// decodePercentOctets decodes the octets of s to a fixed point (at most
// four rounds, as targets/bound), leaving s as it is where the decoded
// bytes would not be UTF-8.
func decodePercentOctets(s string) string {
	for range 4 {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if octetAt(s, i) {
				octet, _ := hex.DecodeString(s[i+1 : i+3])
				b.Write(octet)
				i += 2
				continue
			}
			b.WriteByte(s[i])
		}
		d := b.String()
		if d == s || !utf8.ValidString(d) {
			break
		}
		s = d
	}
	return s
}

func notNFC(s string) bool { return utf8.ValidString(s) && !norm.NFC.IsNormalString(s) }

func nfc(s string) string { return norm.NFC.String(s) }

// lowerOutsideOctets lowercases s except the hex digits of its octets,
// whose case means nothing.
func lowerOutsideOctets(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if octetAt(s, i) {
			b.WriteString(s[i : i+3])
			i += 3
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b.WriteByte(s[i])
		} else {
			b.WriteString(strings.ToLower(s[i : i+n]))
		}
		i += n
	}
	return b.String()
}

func hasDotSegment(s string) bool {
	for _, seg := range strings.Split(s, "/") {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// resolveDotSegments removes "." segments and each ".." with the segment
// before it (RFC 3986 section 5.2.4, without the trailing separator a
// final dot segment leaves there, which the trailing-separator step would
// otherwise have to remove); a ".." with nothing before it stays.
func resolveDotSegments(s string) string {
	var out []string
	for _, seg := range strings.Split(s, "/") {
		switch seg {
		case ".":
		case "..":
			if n := len(out); n > 0 && out[n-1] != ".." && (n > 1 || out[0] != "") {
				out = out[:n-1]
			} else {
				out = append(out, "..")
			}
		default:
			out = append(out, seg)
		}
	}
	r := strings.Join(out, "/")
	if strings.HasPrefix(s, "/") && !strings.HasPrefix(r, "/") {
		r = "/" + r
	}
	return r
}

// collapseSeparators writes every run of '/' as one.
func collapseSeparators(s string) string {
	for strings.Contains(s, "//") {
		s = strings.ReplaceAll(s, "//", "/")
	}
	return s
}

func hasTrailingSeparator(s string) bool { return len(s) > 1 && strings.HasSuffix(s, "/") }

// trimTrailingSeparators removes trailing '/', keeping a lone "/".
func trimTrailingSeparators(s string) string {
	for hasTrailingSeparator(s) {
		s = s[:len(s)-1]
	}
	return s
}
