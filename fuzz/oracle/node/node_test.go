package node

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/oracle"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/oraclepin"
	"github.com/canonfuzz/canonfuzz/internal/proctest"
)

// start starts lib or fails the test: an oracle that is not installed is a
// failure, never a skip.
func start(t *testing.T, lib Lib) *Oracle {
	t.Helper()
	o, err := New(lib)
	return proctest.Started(t, fmt.Sprintf("node oracle %s", lib), o, err)
}

// jsBehaviour is what all three do alike: they see the value JSON.parse
// builds, so a repeated name keeps its last value (where RFC 8785, through
// I-JSON, wants a refusal); ill-formed UTF-8 is refused by server.js's
// fatal decoder before any library sees it.
func jsBehaviour(departures oraclepin.Incumbent) oraclepin.Incumbent {
	pinned := oraclepin.Incumbent{"duplicate": `{"a":2}`}
	for k, v := range departures {
		pinned[k] = v
	}
	return oraclepin.RFCExcept(pinned)
}

// TestCanonicalizeIncumbentBehaviour: npm canonicalize keeps the last of
// duplicate names and refuses a lone surrogate.
func TestCanonicalizeIncumbentBehaviour(t *testing.T) {
	oraclepin.CheckIncumbent(t, start(t, Canonicalize), jsBehaviour(nil))
}

// TestJSONCanonicalizeIncumbentBehaviour: npm json-canonicalize keeps the
// last of duplicate names and writes a lone surrogate as an escape.
func TestJSONCanonicalizeIncumbentBehaviour(t *testing.T) {
	oraclepin.CheckIncumbent(t, start(t, JSONCanonicalize), jsBehaviour(oraclepin.Incumbent{
		"lone-surrogate-escaped": `["\ud800"]`,
	}))
}

// TestECMAScriptIncumbentBehaviour: the ground truth does what
// JSON.parse/JSON.stringify do: the last duplicate wins and a lone
// surrogate is written as an escape; 1e400 is refused.
func TestECMAScriptIncumbentBehaviour(t *testing.T) {
	oraclepin.CheckIncumbent(t, start(t, ECMAScript), jsBehaviour(oraclepin.Incumbent{
		"lone-surrogate-escaped": `["\ud800"]`,
	}))
}

// TestVersionIsThePinnedOne: hello reports the installed package's version,
// and that is the exact version package.json pins.
func TestVersionIsThePinnedOne(t *testing.T) {
	manifest := readManifest(t)
	for _, lib := range []Lib{Canonicalize, JSONCanonicalize} {
		o := start(t, lib)
		if want := manifest.Dependencies[string(lib)]; o.Version() != want || o.Name() != lib.name() {
			t.Errorf("%s: hello says %s, package.json pins %s", lib, oracle.Label(o), want)
		}
	}
	if o := start(t, ECMAScript); len(o.Version()) < len("node v") || o.Version()[:6] != "node v" {
		t.Errorf("ecmascript version %q does not name the node release", o.Version())
	}
}

// TestMissingPackagesAreNotInstalled points the oracles at a directory
// with the server but without node_modules.
func TestMissingPackagesAreNotInstalled(t *testing.T) {
	dir := t.TempDir()
	server, err := os.ReadFile(filepath.Join(Dir(), "server.js"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "server.js"), server, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(DirEnv, dir)
	for _, lib := range []Lib{Canonicalize, JSONCanonicalize} {
		_, err := New(lib)
		var ni *oracle.NotInstalledError
		if !errors.As(err, &ni) || ni.Oracle != lib.name() || ni.Fix != installFix {
			t.Errorf("New(%s) without node_modules: %v; want a NotInstalledError with the fix", lib, err)
		}
	}
	t.Setenv(DirEnv, t.TempDir())
	if _, err := New(ECMAScript); !errors.Is(err, oracle.ErrNotInstalled) {
		t.Errorf("New(ecmascript) without server.js: %v; want ErrNotInstalled", err)
	}
	t.Setenv("PATH", t.TempDir())
	if _, err := New(ECMAScript); !errors.Is(err, oracle.ErrNotInstalled) {
		t.Errorf("New(ecmascript) without node on PATH: %v; want ErrNotInstalled", err)
	}
}

func TestAllStartsEveryLib(t *testing.T) {
	all, err := All()
	for _, o := range all {
		defer o.Close()
	}
	if err != nil || len(all) != len(Libs) {
		t.Fatalf("All: %d of %d started: %v", len(all), len(Libs), err)
	}
}

// TestFormatNumbersIsStringOfX checks the number op on the sample lines of
// the RFC author's es6testfile.
func TestFormatNumbersIsStringOfX(t *testing.T) {
	o := start(t, ECMAScript)
	in := []float64{9007199254740994, 1e21, 1e-6, 9.999999999999997e-7, -math.MaxFloat64, 5e-324}
	want := []string{"9007199254740994", "1e+21", "0.000001", "9.999999999999997e-7", "-1.7976931348623157e+308", "5e-324"}
	got, err := o.FormatNumbers(in)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("String(%v) = %q, want %q", in[i], got[i], want[i])
		}
	}
}

// TestStudyLibsRunThePinnedVersions: every library of StudyLibs starts,
// names itself as New expects, and runs the version package.json pins
// (for an npm alias, the version after "npm:PACKAGE@"), so the study's
// report names what ran.
func TestStudyLibsRunThePinnedVersions(t *testing.T) {
	manifest := readManifest(t)
	all, err := Start(StudyLibs)
	for _, o := range all {
		defer o.Close()
	}
	if err != nil || len(all) != len(StudyLibs) {
		t.Fatalf("Start(StudyLibs): %d of %d started: %v", len(all), len(StudyLibs), err)
	}
	for i, lib := range StudyLibs {
		o := all[i]
		if o.Name() != lib.name() {
			t.Errorf("%s: hello names %s, want %s", lib, o.Name(), lib.name())
		}
		if lib == ECMAScript {
			continue
		}
		pin := manifest.Dependencies[lib.pkg()]
		if i := strings.LastIndexByte(pin, '@'); strings.HasPrefix(pin, "npm:") && i > 0 {
			pin = pin[i+1:]
		}
		if pin == "" || o.Version() != pin {
			t.Errorf("%s: hello says version %s, package.json pins %q", lib, o.Version(), manifest.Dependencies[lib.pkg()])
		}
		out, err := o.Canonicalize([]byte(`{"b":[1.0,"\u00e9"],"a":-0}`))
		if err != nil || string(out) != `{"a":0,"b":[1,"é"]}` {
			t.Errorf("%s: canonicalized the sample to %q, %v", lib, out, err)
		}
	}
}

// readManifest reads the package.json beside server.js.
func readManifest(t *testing.T) (manifest struct{ Dependencies map[string]string }) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(Dir(), "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &manifest); err != nil {
		t.Fatal(err)
	}
	return manifest
}
