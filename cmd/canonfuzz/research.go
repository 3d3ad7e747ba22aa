package main

import (
	"fmt"
	"io"
	"strings"
)

// A researchCommand is a command that is not in every build (the package
// doc, main.go, says which build has which command, and why): what it is,
// and the build tag that has it.
type researchCommand struct {
	name string
	what string
	tag  string // "lab" (make build) or "planted" (make efficacy)
}

// researchCommands are the commands a build may lack, in usage order.
var researchCommands = []researchCommand{
	{"campaign", "the fuzz campaign, which runs go test -fuzz on the module's fuzz targets", "lab"},
	{"matrix", "the differential study, which runs the oracles (Node, programs) installed in a checkout", "lab"},
	{"minimize", "the crasher minimizer, which replays inputs through the fuzz harness and its oracles", "lab"},
	{"mutation", "the mutation sweep, which runs go test on the module's packages", "lab"},
	{"efficacy", "the efficacy benchmark, which links the planted faults", "planted"},
}

// missingResearch is the research command name names when this build
// lacks it.
func missingResearch(name string) (researchCommand, bool) {
	if _, ok := commands[name]; ok {
		return researchCommand{}, false
	}
	for _, r := range researchCommands {
		if r.name == name {
			return r, true
		}
	}
	return researchCommand{}, false
}

// how says how to run r from a checkout.
func (r researchCommand) how() string {
	if r.tag == "planted" {
		return "make efficacy, or go run -tags planted ./cmd/canonfuzz " + r.name
	}
	return "make build (go build -tags lab -o bin/canonfuzz ./cmd/canonfuzz), then bin/canonfuzz " + r.name
}

// refuse says that this build has no such command, what it is and how to
// get it: exit 2, as every usage error.
func (r researchCommand) refuse(stderr io.Writer) int {
	fmt.Fprintf(stderr, "canonfuzz: %s is a research command, not in this build: %s.\n", r.name, r.what)
	fmt.Fprintf(stderr, "It needs a checkout of github.com/canonfuzz/canonfuzz; there, run %s.\n", r.how())
	return exitUsage
}

// usageResearch lists, after the commands, the research commands this
// build lacks.
func usageResearch(w io.Writer) {
	byTag := map[string][]string{}
	for _, r := range researchCommands {
		if _, missing := missingResearch(r.name); missing {
			byTag[r.tag] = append(byTag[r.tag], r.name)
		}
	}
	if names := byTag["lab"]; len(names) > 0 {
		fmt.Fprintf(w, "research commands (a checkout's make build, -tags lab): %s\n", strings.Join(names, ", "))
	}
	if names := byTag["planted"]; len(names) > 0 {
		fmt.Fprintf(w, "planted build only (make efficacy, -tags planted): %s\n", strings.Join(names, ", "))
	}
}
