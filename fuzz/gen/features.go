package gen

import (
	"math"
	"strings"
	"unicode/utf8"
)

// Feature is one of the cases Generate aims for, found in a value.
type Feature uint16

// The features, as Features reports them.
const (
	// OrderDivide: an object with two names that UTF-16 order and
	// code-point order sort differently.
	OrderDivide Feature = 1 << iota
	// Supplementary: a string or name with a character above U+FFFF.
	Supplementary
	// Noncharacter: a string or name with a noncharacter.
	Noncharacter
	// Control: a string or name with a character below U+0020.
	Control
	// ExponentForm: a number whose canonical form has an exponent.
	ExponentForm
	// BeyondTwo53: an integer of magnitude 2^53 or more.
	BeyondTwo53
	// NegativeZero: -0.
	NegativeZero
	// Deep: nesting of 32 levels or more.
	Deep
	// Long: a string of 1024 characters or more.
	Long
	features
)

var featureNames = []string{"OrderDivide", "Supplementary", "Noncharacter", "Control",
	"ExponentForm", "BeyondTwo53", "NegativeZero", "Deep", "Long"}

// String lists the features in f, "|"-separated.
func (f Feature) String() string {
	var names []string
	for i, name := range featureNames {
		if f&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	return strings.Join(names, "|")
}

// AllFeatures lists every single Feature.
func AllFeatures() []Feature {
	var all []Feature
	for f := Feature(1); f < features; f <<= 1 {
		all = append(all, f)
	}
	return all
}

// Features reports which of the features v has.
func Features(v Value) Feature {
	var f Feature
	if v.Depth() >= 32 {
		f |= Deep
	}
	walk(v, &f)
	return f
}

func walk(v Value, f *Feature) {
	switch v.Kind {
	case Number:
		a := math.Abs(v.Num)
		if a != 0 && (a < 1e-6 || a >= 1e21) {
			*f |= ExponentForm
		}
		if a >= twoTo53 && a == math.Trunc(a) {
			*f |= BeyondTwo53
		}
		if v.Num == 0 && math.Signbit(v.Num) {
			*f |= NegativeZero
		}
	case String:
		*f |= stringFeatures(v.Str)
	case Array:
		for _, e := range v.Elems {
			walk(e, f)
		}
	case Object:
		for i, m := range v.Members {
			*f |= stringFeatures(m.Name)
			for _, n := range v.Members[:i] {
				if (CompareUTF16(m.Name, n.Name) < 0) != (m.Name < n.Name) {
					*f |= OrderDivide
				}
			}
			walk(m.Value, f)
		}
	}
}

func stringFeatures(s string) Feature {
	var f Feature
	if utf8.RuneCountInString(s) >= 1024 {
		f |= Long
	}
	for _, r := range s {
		switch {
		case r > 0xffff:
			f |= Supplementary
		case r < 0x20:
			f |= Control
		}
		if r >= 0xfdd0 && r <= 0xfdef || r&0xfffe == 0xfffe {
			f |= Noncharacter
		}
	}
	return f
}
