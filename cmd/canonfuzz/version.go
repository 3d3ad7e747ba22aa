package main

import (
	"flag"
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
)

func init() {
	register(&command{
		name:     "version",
		summary:  "print the version, commit, commit time and Go version of this build",
		synopsis: []string{"version", "--version"},
		define:   versionCommand,
	})
}

// readBuildInfo is debug.ReadBuildInfo; tests replace it.
var readBuildInfo = debug.ReadBuildInfo

// versionCommand is `canonfuzz version` (and `canonfuzz --version`): one
// line from the module's build information, as `go version -m` reads it.
func versionCommand(*flag.FlagSet) body {
	return func(c *call, _ []string) int {
		bi, ok := readBuildInfo()
		if !ok {
			return c.fail("this binary has no build information (built without module support)")
		}
		fmt.Fprintln(c.stdout, describeBuild(bi))
		return exitOK
	}
}

// describeBuild is the version line of a build: the main module's version
// ("(devel)" for a build from a checkout, v1.2.3 for `go install
// ...@v1.2.3`), then the VCS revision and time and whether the tree was
// modified (the settings vcs.revision, vcs.time and vcs.modified that go
// build stamps), the build tags (-tags), then the Go version.
//
//	canonfuzz (devel) commit 3e4e5e1c0ffe 2026-12-04T20:00:00Z dirty tags lab go1.24.1
func describeBuild(bi *debug.BuildInfo) string {
	version := bi.Main.Version
	if version == "" {
		version = "(unknown)"
	}
	parts := []string{"canonfuzz", version}
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		parts = append(parts, "commit", rev[:min(12, len(rev))])
	} else {
		parts = append(parts, "commit unknown")
	}
	if t := settings["vcs.time"]; t != "" {
		parts = append(parts, t)
	}
	if dirty, err := strconv.ParseBool(settings["vcs.modified"]); err == nil && dirty {
		parts = append(parts, "dirty")
	}
	// The build tags say which build a bug report comes from: the product
	// (none), the research tools (lab) or the planted build.
	if tags := settings["-tags"]; tags != "" {
		parts = append(parts, "tags", tags)
	}
	return strings.Join(append(parts, bi.GoVersion), " ")
}
