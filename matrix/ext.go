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

// The study's external implementations are libraries that no registry
// reachable here serves (serde_jcs, the Python and Java ones). This
// repository neither fetches nor builds them, and holds no script or
// recipe that would: the workplace's rule for code fetched from public
// repositories forbids committing one. They are built outside it, by
// whatever means, from the sources matrix/impls/sources.txt records, with
// our adapter of their language (matrix/impls/), and listed for the study
// in a folder's ExtList, whose format is the one below (and docs/STUDY.md,
// "The seven external implementations"). The format says how to run an
// implementation someone built, not how to build it.
//
// DIR/impls.txt, UTF-8 text, one implementation a line:
//
//	NAME=COMMAND
//
// Blank lines and lines whose first non-blank character is # are skipped;
// every other line is cut at its first '=' ([ParseImplFlag], as --impl):
// NAME, not empty, is the implementation's name in the report (the study's
// seven use exactly ExtImpls, in that order, which the findings tests
// require); COMMAND is split into words and expanded as a POSIX shell would
// (quotes, braces, ~ and $VARIABLE from the environment; no globbing, no
// command substitution: mvdan.cc/sh/v3/shell.Fields) and run with the repository
// root as its working directory (canonfuzz matrix's current directory, and
// the repository root for the tests), so a relative path in it is relative
// to the root. The program must speak the subprocess protocol, version 1
// (fuzz/oracle/subprocess/PROTOCOL.md); the version its hello gives is what
// the report records. A list with no implementation line is an error.
//
// Our adapters take a folder D of the built library and read the library's
// provenance from D/SOURCE, one KEY VALUE a line, the key and the value
// separated by one space:
//
//	repository github.com/OWNER/NAME
//	commit FULL-HASH
//	version V
//	with REPOSITORY HASH VERSION
//
// repository, commit and version are required (an adapter without one
// does not start); with is optional, read by the Rust adapter only (the
// ryu-js the library was built with). The Python adapter does not start
// when the library declares another __version__ than V (jcs, rfc8785).
// All three answer hello with "V (REPOSITORY HASH[:12])" (", with ..." after it),
// so the report names the commit each result came from. Their command lines:
//
//	NAME=python3 matrix/impls/python/adapter.py --lib cyberphone|jcs|rfc8785 --dir D
//	NAME=java -Xss16m -cp D Adapter NAME CLASS D
//	NAME=D/jcs-adapter NAME D
//
// where for Python D holds the library's importable package, for Java D is
// a class path holding the library's classes and Adapter's, CLASS its
// JsonCanonicalizer (org.webpki.jcs.JsonCanonicalizer,
// org.erdtman.jcs.JsonCanonicalizer), and for Rust D/jcs-adapter is
// matrix/impls/rust/src/main.rs linked with the library.

// ExtDir is where the tests look for ExtList when ExtDirEnv is unset:
// bin/ext, which git ignores, so that what is built there is never
// committed.
const ExtDir = "bin/ext"

// ExtList is the file of an external folder that lists its implementations.
const ExtList = "impls.txt"

// ExtFix is what to do when the external implementations are missing or
// do not start.
const ExtFix = "the study's external implementations are built outside this repository from the sources recorded in " +
	"matrix/impls/sources.txt and listed in DIR/impls.txt (format in docs/STUDY.md); run make matrix STUDY_EXT=DIR"

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

// OpenExt starts every implementation listed in dir/ExtList (dir relative
// to root unless absolute), each with root as its working directory (""
// is the current one), so that the commands, relative to the repository
// root, run from any package's test.
// Like OpenBuiltin it fails, never skips: the error joins one error per
// implementation that did not start. Close what it returns with CloseAll.
func OpenExt(root, dir string) ([]Impl, error) {
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(root, dir)
	}
	flags, err := ExtFlags(dir)
	if err != nil {
		return nil, err
	}
	var impls []Impl
	var errs []error
	for _, flag := range flags {
		im, err := openExternal(flag, subprocess.Config{Dir: root, Timeout: Timeout, StartTimeout: extStartTimeout})
		if err != nil {
			errs = append(errs, fmt.Errorf("%w (%s)", err, ExtFix))
			continue
		}
		impls = append(impls, im)
	}
	return impls, errors.Join(errs...)
}

// ExtImpls are the names of the study's external implementations, in the
// order their impls.txt lists them, so that a test knows a finding's
// target is one of them without their being installed.
var ExtImpls = []string{
	"cyberphone/json-canonicalization/python3",
	"pypi/jcs",
	"pypi/rfc8785",
	"cyberphone/json-canonicalization/java",
	"maven/java-json-canonicalization",
	"crates/serde_jcs",
	"crates/serde_json_canonicalizer",
}

// ExtDirEnv names the environment variable that says which folder lists
// the external implementations (its ExtList), relative to the repository
// root unless absolute. Set (as make matrix STUDY_EXT=DIR sets it), a test
// that needs them fails when they are missing; unset, it looks in ExtDir
// and skips, saying so, when they are not there: they are the one part of
// the study CI cannot install.
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
