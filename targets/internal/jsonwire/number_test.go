package jsonwire

import "testing"

// ReadNumber finds each part of a token, and reports each fault at the
// offset that follows the prefix written beside it.
func TestReadNumber(t *testing.T) {
	var num Number
	in := []byte("-12.50e+07,")
	if err := ReadNumber(in, 0, &num); err != nil {
		t.Fatal(err)
	}
	if got := [...]string{string(in[num.Start:num.End]), string(in[num.IntStart:num.IntEnd]),
		string(in[num.FracStart:num.FracEnd]), string(in[num.ExpStart:num.ExpEnd])}; got != [...]string{"-12.50e+07", "12", "50", "07"} ||
		!num.Neg || num.Exp != 7 || !num.HasFraction() || !num.HasExponent() {
		t.Errorf("ReadNumber(%q) = %+v", in, num)
	}
	if err := ReadNumber([]byte("7e-99999999999999"), 0, &num); err != nil || num.Exp != -ExpSaturate || num.HasFraction() {
		t.Errorf("a huge exponent: %+v %v, want -ExpSaturate", num, err)
	}
	for _, c := range []struct{ prefix, rest string }{
		{"-", ""}, {"-", "x"}, {"0", "1"}, {"1.", ""}, {"1.", "e5"}, {"1e", ""}, {"1e+", "x"},
	} {
		err := ReadNumber([]byte(c.prefix+c.rest), 0, &num)
		if err == nil || err.Kind != Syntax || err.Offset != int64(len(c.prefix)) {
			t.Errorf("ReadNumber(%q) = %v, want Syntax at byte %d", c.prefix+c.rest, err, len(c.prefix))
		}
	}
}
