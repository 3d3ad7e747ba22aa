package bound

// Admits reports whether constraint c admits value v of an argument under
// mode m (SEP-3246 section 3.2): both operands canonicalized, the value
// refused if it cannot be. For this package's tests only: the properties
// of fuzz/property judge with an Admitter, which canonicalizes c once and
// is held to this definition by TestAdmitterIsAdmits.
func Admits(c Constraint, v Value, m Mode, fold bool) bool {
	for _, r := range readings(m) {
		cc := canonicalize(c, r, fold)
		if !cc.admitsValue(v, r, fold) {
			return false
		}
	}
	return true
}
