//go:build lab || planted

package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// The research build has every research command but efficacy, which the
// planted build adds (TestEveryResearchCommandIsHereOrRefused holds the
// rest).
func TestResearchBuildHasTheResearchCommands(t *testing.T) {
	for _, r := range researchCommands {
		if _, ok := commands[r.name]; !ok && r.tag == "lab" {
			t.Errorf("the research build has no %s command", r.name)
		}
	}
}

// `help COMMAND SUBCOMMAND` with no such subcommand is a usage error, as
// `help bogus` is.
func TestHelpUnknownSubcommand(t *testing.T) {
	code, out, errOut := runCmd(t, "", "help", "mutation", "bogus")
	if code != exitUsage || out != "" || !strings.Contains(errOut, `no command "mutation bogus"`) || !strings.Contains(errOut, "usage: canonfuzz COMMAND") {
		t.Errorf("help mutation bogus: exit %d, stdout %q, stderr %q; want 2 and the usage on stderr", code, out, errOut)
	}
}

// Flags are checked before any work, each by its own name (issue 16:
// `matrix --impl noequals` complained of missing oracles first; the
// campaign named --time and --parallel when --workers was wrong).
func TestFlagsCheckedFirstByName(t *testing.T) {
	checkFlagErrors(t, []flagErrorCase{
		{[]string{"matrix", "--impl", "noequals"}, `--impl "noequals" is not NAME=COMMAND`, []string{"oracle"}},
		{[]string{"campaign", "--workers", "-1"}, "--workers -1", []string{"--time", "--parallel"}},
		{[]string{"campaign", "--parallel", "0"}, "--parallel 0", []string{"--time", "--workers"}},
		{[]string{"campaign", "--time", "0s"}, "--time 0s", []string{"--parallel", "--workers"}},
		{[]string{"campaign", "--engine", "afl"}, `--engine "afl"`, nil},
		{[]string{"mutation", "--shard", "3/2"}, `--shard "3/2"`, nil},
	})
}

// flagErrorCase is a command line refused as a usage error (exit 2)
// whose message's first line names want and none of not.
type flagErrorCase struct {
	args []string
	want string
	not  []string
}

// checkFlagErrors runs each case's command line and holds it to its usage
// error.
func checkFlagErrors(t *testing.T, cases []flagErrorCase) {
	t.Helper()
	for _, c := range cases {
		code, _, errOut := runCmd(t, "", c.args...)
		first, _, _ := strings.Cut(errOut, "\n")
		if code != exitUsage || !strings.Contains(first, c.want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", c.args, code, errOut, c.want)
		}
		for _, n := range c.not {
			if strings.Contains(first, n) {
				t.Errorf("%q: %q names %s too", c.args, first, n)
			}
		}
	}
}

// A target pattern that names no package is refused by name (issue 16:
// `Rel: can't make  relative to ...`).
func TestMutationListUnknownPattern(t *testing.T) {
	chdirModuleRoot(t)
	code, _, errOut := runCmd(t, "", "mutation", "list", "--targets", "./nosuch/...")
	if code != exitUsage || !strings.Contains(errOut, `"./nosuch/..."`) || strings.Contains(errOut, "Rel:") {
		t.Errorf("mutation list --targets ./nosuch/...: exit %d, %q", code, errOut)
	}
}

// chdirModuleRoot runs the rest of the test from the module root, as the
// mutation commands are run.
func chdirModuleRoot(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
}
