// Package campaign runs a fuzz campaign over the suite's native Go fuzz
// targets: it finds them, builds each package's test binary once, fuzzes one
// target per process (Go fuzzes one target at a time) under a per-target
// deadline, follows each process's progress lines, keeps the generated
// corpus in a work directory so the next campaign resumes from it, hands each
// failing input to a Minimizer, and writes campaign.json and campaign.md.
//
// A campaign survives its targets: a target that crashes, fails or hangs is
// recorded as such and the campaign goes on with the next.
package campaign
