//go:build !lab && !planted

package main

import "testing"

// The default build, the product, has none of the research commands: each
// research command's file is built with -tags lab (or planted).
func TestProductBuildHasNoResearchCommand(t *testing.T) {
	for _, r := range researchCommands {
		if commands[r.name] != nil {
			t.Errorf("the product build has the research command %s: its file needs //go:build %s", r.name, r.tag)
		}
	}
}
