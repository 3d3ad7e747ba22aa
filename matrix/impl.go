package matrix

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/cyberphone"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/gowebpki"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/jsontext"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/node"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/subprocess"
	"github.com/canonfuzz/canonfuzz/targets/admit"
	"github.com/canonfuzz/canonfuzz/targets/jcs"
	"mvdan.cc/sh/v3/shell"
)

// Ours is canonfuzz's own canonicalizer, targets/jcs under the RFC 8785
// profile, behind oracle.Canonicalizer so that it is compared like any
// other implementation.
type Ours struct{}

// OursName is the name the study reports ours under.
const OursName = "canonfuzz/jcs"

// Name returns OursName.
func (Ours) Name() string { return OursName }

// Version says it is the code of this build, so that a rerun in another
// commit writes the same report when the behaviour is the same.
func (Ours) Version() string { return "this build" }

// Canonicalize is jcs.Canonicalize; a refusal is an oracle.RefusedError.
func (Ours) Canonicalize(input []byte) ([]byte, error) {
	out, err := jcs.Canonicalize(input, admit.Options{})
	if err != nil {
		return nil, oracle.Refused(OursName, err)
	}
	return out, nil
}

// Close does nothing.
func (Ours) Close() error { return nil }

// Impl is one implementation of the study, under the name it is reported by.
type Impl struct {
	Name  string // as given by --impl, or the implementation's own
	Where string // "in process", "node", "program", "external"
	C     oracle.Canonicalizer
}

// Version is the implementation's own version.
func (im Impl) Version() string { return im.C.Version() }

// named overrides the name a Canonicalizer gives, for --impl.
type named struct {
	oracle.Canonicalizer
	name string
}

func (n named) Name() string { return n.name }

// OraclesDirEnv names the environment variable that says where the
// study's protocol programs (make matrix-oracles) are; the default is
// bin/oracles under the working directory.
const OraclesDirEnv = "CANONFUZZ_MATRIX_ORACLES"

// oracleFix is the step that builds the protocol programs.
const oracleFix = "make matrix-oracles"

// OraclesDir is where the protocol programs are.
func OraclesDir() string {
	if d := os.Getenv(OraclesDirEnv); d != "" {
		return d
	}
	return filepath.Join("bin", "oracles")
}

// Programs are the study's implementations that run as protocol programs
// built by make matrix-oracles: the file name under OraclesDir and what it
// serves.
var Programs = []struct{ File, Serves string }{
	{"gowebpki101", "github.com/gowebpki/jcs v1.0.1, the seeds' study's version"},
	{"stdjsontext", "encoding/json/jsontext of the Go standard library (GOEXPERIMENT=jsonv2)"},
}

// Timeout bounds one request to a process; a longer wait is a hang.
var Timeout = 10 * time.Second

// OpenBuiltin starts every implementation the study knows: ours, the three
// Go libraries in process, every Node oracle of node.StudyLibs, and the
// protocol programs. It fails, never skips: the error joins one error per
// implementation that did not start, each naming its fix. Close what it
// returns with CloseAll.
func OpenBuiltin() ([]Impl, error) {
	impls := []Impl{{OursName, "in process", Ours{}}}
	for _, c := range []oracle.Canonicalizer{gowebpki.New(), cyberphone.New(), jsontext.New()} {
		impls = append(impls, Impl{c.Name(), "in process", c})
	}
	var errs []error
	started, err := node.Start(node.StudyLibs)
	errs = append(errs, err)
	for _, o := range started {
		impls = append(impls, Impl{o.Name(), "node", o})
	}
	for _, p := range Programs {
		path := filepath.Join(OraclesDir(), p.File)
		if _, err := os.Stat(path); err != nil {
			errs = append(errs, &oracle.NotInstalledError{Oracle: p.File + " (" + p.Serves + ")", Fix: oracleFix, Err: err})
			continue
		}
		c, err := subprocess.Start(subprocess.Config{Command: path, Timeout: Timeout})
		if err != nil {
			errs = append(errs, err)
			continue
		}
		impls = append(impls, Impl{c.Name(), "program", c})
	}
	return disambiguate(impls), errors.Join(errs...)
}

// ParseImplFlag splits "NAME=COMMAND" and the command into words as a
// shell would (quotes, backslashes, $VARIABLES), for running without a
// shell.
func ParseImplFlag(flag string) (name string, argv []string, err error) {
	name, cmd, ok := strings.Cut(flag, "=")
	if !ok || name == "" || strings.TrimSpace(cmd) == "" {
		return "", nil, fmt.Errorf("matrix: --impl %q is not NAME=COMMAND", flag)
	}
	argv, err = shell.Fields(cmd, nil)
	if err != nil {
		return "", nil, fmt.Errorf("matrix: --impl %s: %w", name, err)
	}
	if len(argv) == 0 {
		return "", nil, fmt.Errorf("matrix: --impl %s: the command is empty", name)
	}
	return name, argv, nil
}

// StartExternal starts a program given by --impl NAME=COMMAND.
func StartExternal(flag string) (name string, c *subprocess.Client, err error) {
	return startExternal(flag, subprocess.Config{Timeout: Timeout})
}

// startExternal starts the program of a NAME=COMMAND line (an --impl flag,
// a line of the study's ExtList) under cfg, its command and arguments taken
// from the line.
func startExternal(flag string, cfg subprocess.Config) (name string, c *subprocess.Client, err error) {
	name, argv, err := ParseImplFlag(flag)
	if err != nil {
		return "", nil, err
	}
	cfg.Command, cfg.Args = argv[0], argv[1:]
	c, err = subprocess.Start(cfg)
	if err != nil {
		return "", nil, fmt.Errorf("matrix: --impl %s: %w", name, err)
	}
	return name, c, nil
}

// OpenExternal starts a canonicalizer given by --impl.
func OpenExternal(flag string) (Impl, error) {
	return openExternal(flag, subprocess.Config{Timeout: Timeout})
}

// openExternal starts the canonicalizer of a NAME=COMMAND line under cfg
// (startExternal), named NAME.
func openExternal(flag string, cfg subprocess.Config) (Impl, error) {
	name, c, err := startExternal(flag, cfg)
	if err != nil {
		return Impl{}, err
	}
	return Impl{name, "external", named{c, name}}, nil
}

// disambiguate gives implementations that share a name (two versions of
// one library) the name NAME@VERSION.
func disambiguate(impls []Impl) []Impl {
	count := map[string]int{}
	for _, im := range impls {
		count[im.Name]++
	}
	for i, im := range impls {
		if count[im.Name] > 1 {
			impls[i].Name = im.Name + "@" + im.Version()
		}
	}
	return impls
}

// CloseAll closes every implementation and joins their errors.
func CloseAll(impls []Impl) error {
	var errs []error
	for _, im := range impls {
		errs = append(errs, im.C.Close())
	}
	return errors.Join(errs...)
}
