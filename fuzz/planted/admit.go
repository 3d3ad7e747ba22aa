package planted

import (
	"errors"

	"github.com/canonfuzz/canonfuzz/targets/admit"
)

// ScanAdmitsDuplicates is admit.Scan that lets a repeated member name
// through, as a scanner that checks names only per token, not decoded.
func ScanAdmitsDuplicates(input []byte, opts admit.Options) error {
	if err := admit.Scan(input, opts); !errors.Is(err, admit.DuplicateMember) {
		return err
	}
	return nil
}

// ScanOffsetsLate is admit.Scan that reports every refusal one byte after
// where it is: the off-by-one of a scanner that advances before it judges.
func ScanOffsetsLate(input []byte, opts admit.Options) error {
	var e *admit.Error
	err := admit.Scan(input, opts)
	if errors.As(err, &e) {
		late := *e
		late.Offset++
		return &late
	}
	return err
}

// ReferenceRefusesNoncharacters is admit.Reference with I-JSON's rule on
// noncharacters (RFC 7493 section 2.1) applied under every profile: a
// raw U+FFFE or an escaped \uFDD0 is refused though RFC 8785 admits it.
func ReferenceRefusesNoncharacters(input []byte, opts admit.Options) error {
	if err := admit.Reference(input, opts); err != nil || opts.Profile == admit.IJSON {
		return err
	}
	strict := opts
	strict.Profile = admit.IJSON
	if err := admit.Reference(input, strict); errors.Is(err, admit.Noncharacter) {
		return err
	}
	return nil
}

// ScanRefusesDelete is admit.Scan that refuses a raw DEL (U+007F) in a
// string as if it were a control character: RFC 8259 section 7 requires
// escaping U+0000..U+001F only, and a scanner that tests c < 0x20 || c ==
// 0x7f (the C iscntrl class) refuses what every JSON parser admits. No
// committed seed holds a raw DEL in a string: the engine must make one.
func ScanRefusesDelete(input []byte, opts admit.Options) error {
	err := admit.Scan(input, opts)
	if err != nil {
		return err
	}
	inString := false
	for i := 0; i < len(input); i++ {
		switch c := input[i]; {
		case c == '\\' && inString:
			i++
		case c == '"':
			inString = !inString
		case c == 0x7f && inString:
			return &admit.Error{Kind: admit.Syntax, Offset: int64(i), Detail: "control character in string"}
		}
	}
	return nil
}

// SkipNumbersLateAfterAWord is admit.SkipNumbers with the off-by-one of a
// word loop that counts the byte that stopped it: a reading in which some
// digit run goes past eight digits ends one byte late. Runs of up to eight
// digits, which the byte tests read, end where they should.
func SkipNumbersLateAfterAWord(in []byte, array bool) int {
	end := admit.SkipNumbers(in, array)
	run := 0
	for k := 0; k < end; k++ {
		if in[k] < '0' || in[k] > '9' {
			run = 0
		} else if run++; run > 8 && end < len(in) {
			return end + 1
		}
	}
	return end
}
