//go:build !canonfuzz_nodupcheck

package admit

// checkNames says whether the scan keeps the set of each open object's
// member names and refuses a repeat (RFC 8785 section 3.1, RFC 8259
// section 4: duplicate names are refused). It is on in every build but the
// benchmark-only one tagged canonfuzz_nodupcheck (names_check_off.go),
// which docs/PERFORMANCE.md uses to price the check (issue 20).
const checkNames = true
