package bound

// Fault names which rule of SEP-3246 a malformed document broke: the rule
// of section 2.2 (the provenance object and its hops), 3.1 (rules), 3.2
// (constraints) or 3.2.4 (glob syntax) whose requirement does not hold at
// the *MalformedError's Pointer. The pointer says where and Fault says
// which rule, so two refusals at one pointer differ when they broke
// different rules: a "v" that is a string (FaultWantInteger) is not a "v"
// that is the number 2 (FaultUnknownVersion).
//
// It is for matching, as admission's Reason is (targets/internal/jsonwire
// reason.go), and is set exactly: the parser and the slow reference reader
// of fuzz/property (bound_provenance_reference.go) give the same Fault for
// every document, which the property ProvenanceParsesAndMeets holds them
// to. Reason stays the message for people.
type Fault uint8

// The faults of a malformed document, each named by the rule it broke.
const (
	// FaultNone: set by none of this package's readers; the zero value of
	// a *MalformedError built elsewhere.
	FaultNone Fault = iota
	// FaultNotAdmitted: the bytes are not a JSON text admission accepts
	// (RFC 8259, and targets/admit's refusals: duplicate names, lone
	// surrogates, ill-formed UTF-8). Err is admission's *admit.Error, or
	// the strict decoder's error on bytes the caller did not admit.
	FaultNotAdmitted
	// FaultMissing: a REQUIRED member is absent: "v", "chain",
	// "component", "bound" (section 2.2), "tool" (section 3.1); a call's
	// "name", a tools/list result's "tools".
	FaultMissing
	// FaultWantObject: an object is required here: the provenance object
	// and a hop (section 2.2), a rule and its "args" (section 3.1), a
	// constraint (section 3.2); a call and its "arguments".
	FaultWantObject
	// FaultWantArray: an array is required here: "chain" (section 2.2), a
	// bound (section 3.1, "a JSON array of rules"), the operand of "in"
	// and of "and" (section 3.2); a tools/list result's "tools".
	FaultWantArray
	// FaultWantString: a string is required here: "component" (section
	// 2.2), "tool" (section 3.1), the operand of "prefix" and "glob"
	// (section 3.2); a call's "name", a tool's "name".
	FaultWantString
	// FaultWantInteger: "v" is not a number (section 2.2: "v (integer,
	// REQUIRED)").
	FaultWantInteger
	// FaultUnknownVersion: "v" is a number other than 1, the version this
	// guard implements (section 2.2: "a guard receiving an unrecognized v
	// MUST fail closed", section 4.4.3).
	FaultUnknownVersion
	// FaultUnknownMember: a member that section 2.2 (provenance, hop) or
	// 3.1 (rule) does not list (findings/spec/rule-unknown-member.md).
	FaultUnknownMember
	// FaultOperatorCount: a constraint of no operator, or of two; section
	// 3.2's constraint is an object of exactly one operator.
	FaultOperatorCount
	// FaultUnknownOperator: an operator outside eq, in, prefix, glob, and
	// (section 3.2: "A guard MUST NOT admit an operator outside this set").
	FaultUnknownOperator
	// FaultInvalidGlob: a glob operand that section 3.2.4 says MUST be
	// rejected as malformed (unterminated [, trailing \), or one CompileGlob
	// refuses as ambiguous. Err is the *GlobError.
	FaultInvalidGlob
	// FaultEmptyAnd: "and" of no constraint (section 3.2, "[ constraint,
	// ... ]"; findings/spec/and-empty.md: "satisfies all" of nothing would
	// be unconstrained).
	FaultEmptyAnd
	// FaultOverLimit: past one of the documented limits (limits.go). Err
	// is the *LimitError.
	FaultOverLimit
)

var faultNames = [...]string{
	FaultNone:            "None",
	FaultNotAdmitted:     "NotAdmitted",
	FaultMissing:         "Missing",
	FaultWantObject:      "WantObject",
	FaultWantArray:       "WantArray",
	FaultWantString:      "WantString",
	FaultWantInteger:     "WantInteger",
	FaultUnknownVersion:  "UnknownVersion",
	FaultUnknownMember:   "UnknownMember",
	FaultOperatorCount:   "OperatorCount",
	FaultUnknownOperator: "UnknownOperator",
	FaultInvalidGlob:     "InvalidGlob",
	FaultEmptyAnd:        "EmptyAnd",
	FaultOverLimit:       "OverLimit",
}

// String returns the fault's name without its prefix: "WantArray".
func (f Fault) String() string {
	if int(f) < len(faultNames) {
		return faultNames[f]
	}
	return "Fault(?)"
}

// missingOr is the fault of a member that must be of one kind and is not:
// FaultMissing when it is absent, else want (FaultWantString for a "name"
// that is present but not a string).
func missingOr(present bool, want Fault) Fault {
	if !present {
		return FaultMissing
	}
	return want
}
