package main

import (
	"runtime/debug"
	"strings"
	"testing"
)

// version and --version print the main module's version, the commit, its
// time, a dirty flag and the Go version from the build information; a
// binary without it is exit 2.
func TestVersionFromBuildInfo(t *testing.T) {
	settings := func(modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs.revision", Value: "3e4e5e1c0ffee0ddba11c0ffee0ddba11c0ffee0"},
			{Key: "vcs.time", Value: "2026-12-04T20:00:00Z"}, {Key: "vcs.modified", Value: modified}}
	}
	for _, c := range []struct {
		bi   *debug.BuildInfo
		want string
	}{
		{&debug.BuildInfo{GoVersion: "go1.24.1", Main: debug.Module{Version: "v1.2.3"}, Settings: settings("false")},
			"canonfuzz v1.2.3 commit 3e4e5e1c0ffe 2026-12-04T20:00:00Z go1.24.1\n"},
		{&debug.BuildInfo{GoVersion: "go1.24.1", Main: debug.Module{Version: "(devel)"}, Settings: settings("true")},
			"canonfuzz (devel) commit 3e4e5e1c0ffe 2026-12-04T20:00:00Z dirty go1.24.1\n"},
		{&debug.BuildInfo{GoVersion: "go1.24.1", Main: debug.Module{Version: "(devel)"}, Settings: append(settings("false"), debug.BuildSetting{Key: "-tags", Value: "lab"})},
			"canonfuzz (devel) commit 3e4e5e1c0ffe 2026-12-04T20:00:00Z tags lab go1.24.1\n"},
		{&debug.BuildInfo{GoVersion: "go1.24.1", Main: debug.Module{Version: "(devel)"}},
			"canonfuzz (devel) commit unknown go1.24.1\n"},
	} {
		t.Cleanup(func() { readBuildInfo = debug.ReadBuildInfo })
		readBuildInfo = func() (*debug.BuildInfo, bool) { return c.bi, true }
		for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
			if code, out, errOut := runCmd(t, "", args...); code != exitOK || out != c.want {
				t.Errorf("%q: exit %d, %q %q; want %q", args, code, out, errOut, c.want)
			}
		}
	}
	readBuildInfo = func() (*debug.BuildInfo, bool) { return nil, false }
	if code, _, errOut := runCmd(t, "", "version"); code != exitUsage || !strings.Contains(errOut, "no build information") {
		t.Errorf("no build information: exit %d, %q", code, errOut)
	}
}
