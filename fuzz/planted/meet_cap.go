package planted

import "github.com/canonfuzz/canonfuzz/targets/bound"

// MeetBoundsCapOneHigh meets two bounds rule pair by rule pair as
// bound.MeetRules does, with the rule cap one higher than bound.MaxRules:
// a meet of 4097 distinct rules is returned instead of refused. (It
// drops no duplicate, which the wide bounds of FuzzMeetBoundsAtCap never
// make.)
func MeetBoundsCapOneHigh(a, b bound.Bound, c bound.Canon) (bound.Bound, error) {
	var out bound.Bound
	for _, ra := range a {
		for _, rb := range b {
			if r, ok := bound.MeetRules(ra, rb, c); ok {
				if len(out) == bound.MaxRules+1 {
					return nil, bound.ErrTooLarge
				}
				out = append(out, r)
			}
		}
	}
	return out, nil
}
