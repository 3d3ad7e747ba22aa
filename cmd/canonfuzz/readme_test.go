package main

import (
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// synopsisFlag is a flag as a synopsis writes it: --name, --name=value,
// --name VALUE (a lone "--" ends the flags and is none).
var synopsisFlag = regexp.MustCompile(`--([a-z][a-z0-9-]*)`)

// checkSynopsis fails when line does not name every flag of cmd, or names
// one cmd does not define.
func checkSynopsis(t *testing.T, where, line string, cmd *command) {
	t.Helper()
	named := map[string]bool{}
	for _, m := range synopsisFlag.FindAllStringSubmatch(line, -1) {
		named[m[1]] = true
	}
	defined := flagNames(cmd)
	for _, f := range defined {
		if !named[f] {
			t.Errorf("%s: --%s is a flag of canonfuzz %s but is not in %q", where, f, cmd.name, line)
		}
	}
	for f := range named {
		if !slices.Contains(defined, f) {
			t.Errorf("%s: %q names --%s, which canonfuzz %s does not have", where, line, f, cmd.name)
		}
	}
}

// A readmeSynopsis is a line of README.md's "The command line" block that
// starts with bin/canonfuzz, without it, and the build the block says it
// is in: the last "# product:", "# lab:" or "# planted:" line above it.
type readmeSynopsis struct {
	build, line string
}

// readmeSection is README.md's section under heading (a whole line,
// "## The command line"), up to the next heading of its level.
func readmeSection(t *testing.T, heading string) string {
	t.Helper()
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(raw), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("README.md has no %q section", heading)
	}
	level, _, _ := strings.Cut(heading, " ")
	section, _, _ = strings.Cut(section, "\n"+level+" ")
	return section
}

// readmeSynopses are the synopses of README.md's "The command line" block.
func readmeSynopses(t *testing.T) []readmeSynopsis {
	section := readmeSection(t, "## The command line")
	_, block, ok := strings.Cut(section, "```sh\n")
	if !ok {
		t.Fatal("README.md's command line section has no sh block")
	}
	block, _, _ = strings.Cut(block, "```")
	var lines []readmeSynopsis
	build := ""
	for _, l := range strings.Split(block, "\n") {
		if comment, ok := strings.CutPrefix(l, "# "); ok {
			build, _, _ = strings.Cut(comment, ":")
		}
		if rest, ok := strings.CutPrefix(l, "bin/canonfuzz "); ok {
			lines = append(lines, readmeSynopsis{build, strings.TrimSpace(rest)})
		}
	}
	return lines
}

// buildOf is the build a command (its first word) is in: product, or the
// tag of its research command.
func buildOf(name string) string {
	for _, r := range researchCommands {
		if r.name == name {
			return r.tag
		}
	}
	return "product"
}

// commandOf is the command (or subcommand) a synopsis line is of: the
// longest command name its words start with.
func commandOf(line string, all []*command) *command {
	words := strings.Fields(line)
	var best *command
	for _, c := range all {
		name := strings.Fields(c.name)
		if len(words) >= len(name) && slices.Equal(words[:len(name)], name) && (best == nil || len(c.name) > len(best.name)) {
			best = c
		}
	}
	return best
}

// README.md's command-line block has a synopsis for every command and
// subcommand of this build, under the build it is in (issue 17), and each
// names exactly the command's flags: a flag missing from the README fails,
// and so does a README flag the command lacks. The research commands are
// checked by go test -tags lab (make test), efficacy by -tags planted.
// The exit codes of the guard (3, 4, 128+N) are documented beside it.
func TestREADMESynopsesMatchTheFlags(t *testing.T) {
	all := everyCommand()
	seen := map[string]bool{}
	for _, s := range readmeSynopses(t) {
		line, first := s.line, strings.Fields(s.line)[0]
		if want := buildOf(first); s.build != want && !strings.HasPrefix(first, "--") {
			t.Errorf("README.md lists %q under %q; canonfuzz %s is in the %s build (researchCommands)", line, "# "+s.build+":", first, want)
		}
		cmd := commandOf(line, all)
		if cmd == nil {
			if _, missing := missingResearch(first); missing || strings.HasPrefix(first, "--") {
				continue // checked by the build that has it (go test -tags lab, -tags planted); --version is version's
			}
			t.Errorf("README.md: %q is no command of canonfuzz", line)
			continue
		}
		seen[cmd.name] = true
		checkSynopsis(t, "README.md", line, cmd)
	}
	var missing []string
	for _, c := range all {
		if !seen[c.name] {
			missing = append(missing, c.name)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("README.md's command line block has no synopsis of %v", missing)
	}
	section := readmeSection(t, "## The command line")
	for _, code := range []string{"`3`", "`4`", "128+N"} {
		if !strings.Contains(section, code) {
			t.Errorf("README.md's command line section does not document the exit code %s", code)
		}
	}
}
