package repository

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// apacheSHA256 is the SHA-256 of the Apache License 2.0 as the Apache
// Software Foundation publishes it (LICENSE-2.0.txt, 202 lines), the text
// the gowebpki/jcs module ships and LICENSE was copied from.
const apacheSHA256 = "cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30"

func read(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root(t), name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestProjectFiles: LICENSE is the Apache License 2.0 word for word,
// SECURITY.md says how to report privately, CONTRIBUTING.md and a Keep a
// Changelog CHANGELOG.md with an Unreleased section are there.
func TestProjectFiles(t *testing.T) {
	sum := sha256.Sum256([]byte(read(t, "LICENSE")))
	if got := hex.EncodeToString(sum[:]); got != apacheSHA256 {
		t.Errorf("LICENSE's SHA-256 is %s, not the Apache License 2.0's", got)
	}
	if s := read(t, "SECURITY.md"); !strings.Contains(s, "/security/advisories/new") || !strings.Contains(s, "## Supported versions") {
		t.Error("SECURITY.md lacks the private reporting link or the supported versions")
	}
	if s := read(t, "CONTRIBUTING.md"); !strings.Contains(s, "make test") {
		t.Error("CONTRIBUTING.md does not say how to run the tests")
	}
	cl := read(t, "CHANGELOG.md")
	if !strings.Contains(cl, "keepachangelog.com/en/1.1.0") || !strings.Contains(cl, "\n## [Unreleased]\n") {
		t.Error("CHANGELOG.md is not in Keep a Changelog's form with an Unreleased section")
	}
	for _, h := range regexp.MustCompile(`(?m)^## .*$`).FindAllString(cl, -1) {
		if h != "## [Unreleased]" && !regexp.MustCompile(`^## \[\d+\.\d+\.\d+\] - \d{4}-\d{2}-\d{2}$`).MatchString(h) {
			t.Errorf("CHANGELOG.md heading %q is neither [Unreleased] nor [X.Y.Z] - YYYY-MM-DD (release.yml reads the notes by it)", h)
		}
	}
}

// TestReadmeInstallAndNode: the README's go install line names the module
// of go.mod, and the oldest Node it says is supported is one ci.yml tests.
func TestReadmeInstallAndNode(t *testing.T) {
	readme := read(t, "README.md")
	mod := regexp.MustCompile(`(?m)^module (\S+)$`).FindStringSubmatch(read(t, "go.mod"))
	if mod == nil {
		t.Fatal("go.mod names no module")
	}
	if !strings.Contains(readme, "go install "+mod[1]+"/cmd/canonfuzz@") {
		t.Errorf("README.md has no `go install %s/cmd/canonfuzz@VERSION`", mod[1])
	}
	oldest := regexp.MustCompile(`Node\.js (\d+) or newer`).FindStringSubmatch(readme)
	if oldest == nil {
		t.Fatal("README.md does not say which Node.js it needs (Node.js N or newer)")
	}
	data := read(t, filepath.Join(".github", "workflows", "ci.yml"))
	m := regexp.MustCompile(`node: \[([^\]]*)\]`).FindStringSubmatch(data)
	if m == nil {
		t.Fatal("ci.yml has no node matrix")
	}
	var versions []string
	for _, v := range strings.Split(m[1], ",") {
		versions = append(versions, strings.Trim(strings.TrimSpace(v), `"`))
	}
	if !slices.Contains(versions, oldest[1]) {
		t.Errorf("README.md supports Node.js %s or newer, but ci.yml tests %v", oldest[1], versions)
	}
}
