// Package node runs the npm RFC 8785 canonicalizers, and an ECMAScript
// ground truth built from Node's own JSON.parse, default sort and
// JSON.stringify, as oracles: one long-lived `node server.js --lib LIB`
// process per oracle, spoken to through the subprocess protocol
// (../subprocess/PROTOCOL.md), with the packages pinned in the
// package-lock.json beside this file and installed by
// `npm ci --prefix fuzz/oracle/node` (make node-deps).
package node

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
)

// Lib selects what server.js serves.
type Lib string

// The libraries server.js serves.
const (
	// Canonicalize is the npm package canonicalize (the erdtman line).
	Canonicalize Lib = "canonicalize"
	// JSONCanonicalize is the npm package json-canonicalize.
	JSONCanonicalize Lib = "json-canonicalize"
	// ECMAScript is the ground truth: JSON.parse, keys sorted by the
	// default sort (UTF-16 code units) at every level, JSON.stringify.
	ECMAScript Lib = "ecmascript"
)

// The further npm RFC 8785 implementations the differential study runs
// (canonfuzz matrix, issue 12). They are not in Libs, so the differential
// tests of fuzz/ keep their three oracles.
const (
	// Canonicalize4 is npm canonicalize 4.0.0, the version the seeds'
	// study ran, installed under the npm alias canonicalize-4.
	Canonicalize4 Lib = "canonicalize-4"
	// JSONCanon is the npm package json-canon.
	JSONCanon Lib = "json-canon"
	// Canonify is the npm package @truestamp/canonify.
	Canonify Lib = "canonify"
)

// Libs lists the Libs every differential test of fuzz/ runs.
var Libs = []Lib{Canonicalize, JSONCanonicalize, ECMAScript}

// StudyLibs lists every Lib server.js serves: Libs and the study's others.
var StudyLibs = []Lib{Canonicalize, Canonicalize4, JSONCanonicalize, JSONCanon, Canonify, ECMAScript}

// pkg is the npm package (or alias) that serves lib; "" for ECMAScript.
func (lib Lib) pkg() string {
	switch lib {
	case ECMAScript:
		return ""
	case Canonify:
		return "@truestamp/canonify"
	}
	return string(lib)
}

// DirEnv names the environment variable that overrides where server.js
// and node_modules are, for binaries run away from the source tree.
const DirEnv = "CANONFUZZ_NODE_ORACLES"

// installFix is the step that installs the npm packages.
const installFix = "make node-deps, i.e. npm ci --prefix fuzz/oracle/node"

// Oracle is one Node process serving one Lib. Besides oracle.Canonicalizer
// it offers FormatNumbers, Node's String(x) of a batch of doubles.
type Oracle struct {
	*subprocess.Client
}

var _ oracle.Canonicalizer = (*Oracle)(nil)

// Dir is the directory of server.js and node_modules: $CANONFUZZ_NODE_ORACLES
// if set, else the directory this source file was compiled from.
func Dir() string {
	if dir := os.Getenv(DirEnv); dir != "" {
		return dir
	}
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return ""
	}
	return filepath.Dir(file)
}

// name is the oracle name of lib before its process says it in hello.
func (lib Lib) name() string {
	switch lib {
	case ECMAScript:
		return "node/ecmascript"
	case Canonicalize4:
		return "npm/canonicalize"
	}
	return "npm/" + lib.pkg()
}

// New starts the Node process that serves lib. What is missing (node, the
// server, the npm package) is an *oracle.NotInstalledError naming the fix;
// a process that does not come up is a *subprocess.Failure.
func New(lib Lib) (*Oracle, error) {
	if !slices.Contains(StudyLibs, lib) {
		return nil, fmt.Errorf("node: unknown library %q", lib)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return nil, &oracle.NotInstalledError{Oracle: lib.name(), Fix: "apt-get install nodejs", Err: err}
	}
	dir := Dir()
	server := filepath.Join(dir, "server.js")
	if _, err := os.Stat(server); err != nil {
		return nil, &oracle.NotInstalledError{Oracle: lib.name(), Fix: "set " + DirEnv + " to fuzz/oracle/node", Err: err}
	}
	if lib != ECMAScript {
		meta := filepath.Join(dir, "node_modules", lib.pkg(), "package.json")
		if _, err := os.Stat(meta); err != nil {
			return nil, &oracle.NotInstalledError{Oracle: lib.name(), Fix: installFix, Err: err}
		}
	}
	client, err := subprocess.Start(subprocess.Config{
		Command: node,
		Args:    []string{server, "--lib", string(lib)},
		Dir:     dir,
	})
	if err != nil {
		return nil, err
	}
	return &Oracle{client}, nil
}

// All starts every Lib of Libs. It returns those that started and an error
// naming each one that did not; callers that need all of them fail on the
// error.
func All() ([]*Oracle, error) { return Start(Libs) }

// Start starts the Node process of each of libs, as All does.
func Start(libs []Lib) ([]*Oracle, error) {
	var started []*Oracle
	var errs []error
	for _, lib := range libs {
		o, err := New(lib)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		started = append(started, o)
	}
	return started, errors.Join(errs...)
}
