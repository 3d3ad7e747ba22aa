package bound

import (
	"slices"
	"strings"
)

// memberSet is the canonical members of an eq or in (SEP-3246 section
// 3.2.3), sorted for lookup: strings as themselves (the canonical form of
// a string shares its bytes when canonicalization left it unchanged), any
// other value as its valueKey. Members that cannot be canonicalized are
// left out.
type memberSet struct {
	strs []string
	keys []string
}

func newMemberSet(vs []Value, m Mode, fold bool) *memberSet {
	strs := 0
	for i := range vs {
		if vs[i].Kind == KindString {
			strs++
		}
	}
	s := &memberSet{strs: make([]string, 0, strs)}
	if strs < len(vs) {
		s.keys = make([]string, 0, len(vs)-strs)
	}
	var key []byte
	for _, v := range vs {
		if v.Kind == KindArray || v.Kind == KindObject {
			var err error
			if key, err = appendCanonicalKey(key[:0], v, m, fold); err == nil {
				s.keys = append(s.keys, string(key))
			}
			continue
		}
		cv, err := canonValue(v, m, fold)
		switch {
		case err != nil:
		case cv.Kind == KindString:
			s.strs = append(s.strs, cv.Str)
		default:
			s.keys = append(s.keys, canonicalKey(cv))
		}
	}
	slices.Sort(s.strs)
	slices.Sort(s.keys)
	s.strs, s.keys = slices.Compact(s.strs), slices.Compact(s.keys)
	return s
}

// has reports whether the canonical value v is a member.
func (s *memberSet) has(v Value) bool {
	if v.Kind == KindString {
		_, ok := slices.BinarySearch(s.strs, v.Str)
		return ok
	}
	if len(s.keys) == 0 {
		return false
	}
	if k, ok := scalarText(v); ok {
		_, found := slices.BinarySearch(s.keys, k)
		return found
	}
	var buf [64]byte
	return s.hasKey(v.appendJSON(buf[:0]))
}

// hasKey reports whether a member that is not a string has the valueKey k.
func (s *memberSet) hasKey(k []byte) bool {
	_, ok := slices.BinarySearchFunc(s.keys, k, func(e string, k []byte) int {
		return strings.Compare(e, string(k))
	})
	return ok
}

// canonicalKey is valueKey of a canonical value that is not a string,
// written only for an array or an object: a canonical number's key is its
// text, and true, false and null are constants.
func canonicalKey(v Value) string {
	if k, ok := scalarText(v); ok {
		return k
	}
	return valueKey(v)
}

// scalarText is the JSON of a canonical number, boolean or null, which
// needs no writing.
func scalarText(v Value) (string, bool) {
	switch v.Kind {
	case KindNumber:
		return v.Number, v.Number != ""
	case KindBool:
		if v.Bool {
			return "true", true
		}
		return "false", true
	case KindNull:
		return "null", true
	}
	return "", false
}

// sameCanonical is the equality of section 3.2.3 on two canonical values:
// their valueKeys are equal, compared without writing them where the
// value is a scalar.
func sameCanonical(a, b Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	if a.Kind == KindString {
		return a.Str == b.Str
	}
	if ka, ok := scalarText(a); ok {
		kb, _ := scalarText(b)
		return ka == kb
	}
	var x, y [64]byte
	return string(a.appendJSON(x[:0])) == string(b.appendJSON(y[:0]))
}
