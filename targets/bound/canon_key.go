package bound

import "strings"

// appendCanonicalKey appends valueKey(canonValue(v, m, fold)) to dst, for
// a value that is not a string, without building the canonical value
// where it can: an array, and an object whose names are canonical and
// sorted already, are written member by member (SEP-3246 section 3.2.3).
// The meet compares the members of an in list of arrays or objects by it.
func appendCanonicalKey(dst []byte, v Value, m Mode, fold bool) ([]byte, error) {
	switch v.Kind {
	case KindString:
		s, err := canonString(v.Str, m, fold)
		return appendString(dst, s), err
	case KindNumber:
		k, err := decimalKey(v.Number)
		return append(dst, k...), err
	case KindArray:
		dst = append(dst, '[')
		for i, e := range v.Array {
			if i > 0 {
				dst = append(dst, ',')
			}
			var err error
			if dst, err = appendCanonicalKey(dst, e, ModePlain, fold); err != nil {
				return dst, err
			}
		}
		return append(dst, ']'), nil
	case KindObject:
		if !canonicalNames(v.Members, fold) {
			cv, err := canonValue(v, m, fold)
			return cv.appendJSON(dst), err
		}
		dst = append(dst, '{')
		for i, mb := range v.Members {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(appendString(dst, mb.Name), ':')
			var err error
			if dst, err = appendCanonicalKey(dst, mb.Value, ModePlain, fold); err != nil {
				return dst, err
			}
		}
		return append(dst, '}'), nil
	}
	return v.appendJSON(dst), nil
}

// canonicalNames reports whether the member names are in increasing order
// and each is its own canonical form (the plain reading), so that the
// canonical object has them as they are.
func canonicalNames(ms []Member, fold bool) bool {
	for i, mb := range ms {
		if i > 0 && strings.Compare(ms[i-1].Name, mb.Name) >= 0 {
			return false
		}
		if c, err := canonString(mb.Name, ModePlain, fold); err != nil || c != mb.Name {
			return false
		}
	}
	return true
}
