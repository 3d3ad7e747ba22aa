package jsonwire

// Reason names which rule of the grammar a Syntax refusal broke: what RFC
// 8259 wanted at the refusal's offset, whether a wrong byte stands there or
// the input ended there (Offset == len(input) tells the two apart). Kind
// says which rule set was broken and Reason which rule of it, so two
// refusals of one kind at one offset differ when they broke different
// rules: an input that ends inside an escape (WantEscape) is not one that
// ends inside a string (WantStringEnd).
//
// It is for matching, as Kind is, and is set exactly: the fast scanner
// (targets/admit, with this package's lexer) and the slow reference twin
// (admit.Reference) give the same Reason for every input, which the
// property ScanMatchesReference (fuzz/property) holds them to. It is set
// only on the refusal path, so admitting costs nothing more. Every kind but
// Syntax names its rule alone and has the Reason ByKind.
type Reason uint8

// The reasons of a Syntax refusal, each named by what RFC 8259 wanted.
const (
	// ByKind: the Kind names the rule; every refusal that is not Syntax.
	ByKind Reason = iota
	// WantValue: a value must start here (RFC 8259 section 2, 3).
	WantValue
	// WantMemberName: a member's name must start here (section 4).
	WantMemberName
	// WantColon: the ':' after a member's name (section 4).
	WantColon
	// WantCommaOrClose: ',' or the container's closing bracket after a
	// member or an element (sections 4, 5).
	WantCommaOrClose
	// WantLiteral: the next byte of true, false or null (section 3).
	WantLiteral
	// WantDigit: a digit of a number's integer, fraction or exponent
	// (section 6).
	WantDigit
	// LeadingZero: a digit after a leading zero (section 6).
	LeadingZero
	// WantStringEnd: the input ended inside a string, before its closing
	// quote (section 7).
	WantStringEnd
	// WantEscape: an escape character after '\' (section 7).
	WantEscape
	// WantHexDigit: one of the four hex digits of a \u escape (section 7).
	WantHexDigit
)

var reasonNames = [...]string{
	ByKind:           "ByKind",
	WantValue:        "WantValue",
	WantMemberName:   "WantMemberName",
	WantColon:        "WantColon",
	WantCommaOrClose: "WantCommaOrClose",
	WantLiteral:      "WantLiteral",
	WantDigit:        "WantDigit",
	LeadingZero:      "LeadingZero",
	WantStringEnd:    "WantStringEnd",
	WantEscape:       "WantEscape",
	WantHexDigit:     "WantHexDigit",
}

// String returns the reason's constant name.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return "Reason(?)"
}
