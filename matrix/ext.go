package matrix

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
)

// The study's external implementations are libraries whose code is never
// part of canonfuzz and that no registry reachable here serves (serde_jcs,
// the Python and Java ones): scripts/study-ext.sh builds each from a folder
// of fetched sources, with our adapter of its language (matrix/impls/), into
// a folder, ExtDir by default, and lists them there in ExtList, one
// NAME=COMMAND a line, the commands relative to the repository root.

// ExtDir is where make study-ext writes the external implementations.
const ExtDir = "bin/ext"

// ExtList is the file of an external folder that lists its implementations.
const ExtList = "impls.txt"

// ExtFix is the step that builds the external implementations.
const ExtFix = "make study-ext EXT=/path/to/sources (scripts/study-ext-fetch.sh DIR brings the sources named in matrix/impls/sources.txt)"

// extStartTimeout bounds the first hello of an external program: a JVM
// starting on a loaded two-core machine takes seconds.
const extStartTimeout = time.Minute

// ExtFlags reads the NAME=COMMAND lines of dir/ExtList (blank lines and
// #-comments skipped). A missing list is an oracle.NotInstalledError
// naming ExtFix.
func ExtFlags(dir string) ([]string, error) {
	path := filepath.Join(dir, ExtList)
	f, err := os.Open(path)
	if err != nil {
		return nil, &oracle.NotInstalledError{Oracle: "the study's external implementations (" + path + ")", Fix: ExtFix, Err: err}
	}
	defer f.Close()
	var flags []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		flags = append(flags, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("matrix: %s: %w", path, err)
	}
	if len(flags) == 0 {
		return nil, fmt.Errorf("matrix: %s lists no implementation: %s", path, ExtFix)
	}
	return flags, nil
}

// OpenExt starts every implementation listed in root/dir/ExtList, each
// with root as its working directory ("" is the current one), so that the
// commands, relative to the repository root, run from any package's test.
// Like OpenBuiltin it fails, never skips: the error joins one error per
// implementation that did not start. Close what it returns with CloseAll.
func OpenExt(root, dir string) ([]Impl, error) {
	flags, err := ExtFlags(filepath.Join(root, dir))
	if err != nil {
		return nil, err
	}
	var impls []Impl
	var errs []error
	for _, flag := range flags {
		name, argv, err := ParseImplFlag(flag)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		c, err := subprocess.Start(subprocess.Config{Command: argv[0], Args: argv[1:], Dir: root, Timeout: Timeout, StartTimeout: extStartTimeout})
		if err != nil {
			errs = append(errs, fmt.Errorf("matrix: %s (%s): %w", name, ExtFix, err))
			continue
		}
		impls = append(impls, Impl{name, "external", named{c, name}})
	}
	return impls, errors.Join(errs...)
}

// ExtImpls are the names scripts/study-ext.sh gives the external
// implementations, so that a test knows a finding's target is one of them
// without their being built.
var ExtImpls = []string{
	"cyberphone/json-canonicalization/python3",
	"pypi/jcs",
	"pypi/rfc8785",
	"cyberphone/json-canonicalization/java",
	"maven/java-json-canonicalization",
	"crates/serde_jcs",
	"crates/serde_json_canonicalizer",
}

// ExtDirEnv names the environment variable that says where the external
// implementations were built, relative to the repository root. Set (as
// make matrix sets it), a test that needs them fails when they are
// missing; unset, it looks in ExtDir and skips, saying so, when they were
// never built: they are the one part of the study CI cannot install.
const ExtDirEnv = "CANONFUZZ_STUDY_EXT"

// IsExtImpl reports whether short is the findings target (ShortName) of
// one of ExtImpls.
func IsExtImpl(short string) bool {
	for _, n := range ExtImpls {
		if ShortName(n) == short {
			return true
		}
	}
	return false
}
