package matrix

import (
	"bytes"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/fuzz/gen"
	"github.com/canonfuzz/canonfuzz/minimize"
)

// The diagnosis names the operators of the smallest part of the chain on
// which the guard still departs, whether that part is one hop or more, and
// the canonicalization steps at fault.
func TestDiagnosisNamesTheCorner(t *testing.T) {
	for _, c := range []struct{ name, provenance, params, want string }{
		{"a glob's '*' crossing '/' once met with a narrower prefix",
			chainOf([2]string{"glob", `"/srv/*"`}, [2]string{"prefix", `"/srv/x"`}), callOf("/srv/x/a/b"), "path/meet(glob|prefix)[]"},
		{"the same, the prefix ending in a separator",
			chainOf([2]string{"glob", `"/srv/*"`}, [2]string{"prefix", `"/srv/"`}), callOf("/srv/a/b"), "path/meet(glob|prefix)[tslash]"},
		{"prefixes compared as written, the second climbing out by '..'",
			chainOf([2]string{"prefix", `"/srv/acme"`}, [2]string{"prefix", `"/srv/acme/../etc"`}), callOf("/srv/etc/passwd"), "path/meet(prefix|prefix)[dot]"},
		{"an eq under a prefix compared as written",
			chainOf([2]string{"prefix", `"/srv/acme/"`}, [2]string{"eq", `"/srv/acme/../../etc/passwd"`}), callOf("/etc/passwd"), "path/meet(prefix|eq)[dot]"},
		{"the corner inside a longer chain: the witness is its two hops",
			chainOf([2]string{"glob", `"/srv/*"`}, [2]string{"prefix", `"/srv/x"`}, [2]string{"prefix", `"/srv"`}), callOf("/srv/x/a/b"), "path/meet(glob|prefix)[]"},
		{"a check fault: one hop is enough",
			chainOf([2]string{"prefix", `"/srv/acme/"`}), callOf("/srv/acme%2Fx"), "path/check(prefix)[pct]"},
	} {
		j := newJudge(rawMeetGuard{checkFault: true})
		v := j.classify([]byte(c.provenance), []byte(c.params))
		if v.kind != Unsound || v.diag != c.want {
			t.Errorf("%s: %s %q, want unsound %q (witness %s)", c.name, v.kind, v.diag, c.want, v.witness)
		}
	}
	j := newJudge(rawMeetGuard{})
	if v := j.classify([]byte(chainOf([2]string{"glob", `"/srv/*"`}, [2]string{"prefix", `"/srv/x"`})), []byte(callOf("/srv/x"))); v.kind != "" {
		t.Errorf("a call both hops admit: %s %s", v.kind, v.diag)
	}
}

// The corners keep their own classes through the whole guard study: on
// probes where both meet faults and a check fault show, RunGuards reports
// each corner as a class of its own whose minimized example still has the
// corner's operators and steps; a budget of tries too small for the fixed
// point ends on the same bytes on a second run.
func TestRunGuardsKeepsEachCornerApart(t *testing.T) {
	probes := []Probe{
		{"p0", "x / a", []byte(chainOf([2]string{"glob", `"/srv/*"`}, [2]string{"prefix", `"/srv/x"`})), []byte(callOf("/srv/x/a/b"))},
		{"p1", "x / b", []byte(chainOf([2]string{"prefix", `"/srv/acme"`}, [2]string{"prefix", `"/srv/acme/../etc"`})), []byte(callOf("/srv/etc/passwd"))},
		{"p2", "x / c", []byte(chainOf([2]string{"prefix", `"/srv"`}, [2]string{"prefix", `"/srv/acme"`})), []byte(callOf("/srv/acme%2Fx"))},
		{"p3", "x / d", []byte(chainOf([2]string{"prefix", `"/srv/acme"`})), []byte(callOf("/srv/acme%2Fy"))},
		{"p4", "x / e", []byte(chainOf([2]string{"glob", `"/srv/acme/*"`}, [2]string{"prefix", `"/srv/acme/q"`}, [2]string{"prefix", `"/srv"`})), []byte(callOf("/srv/acme/q/r"))},
	}
	run := func(tries int) GuardReport {
		return RunGuards(probes, []string{"raw-meet"}, []Guard{rawMeetGuard{checkFault: true}}, GuardOptions{Budget: Budget{Tries: tries}}, io.Discard)
	}
	rep := run(200000)
	ir := rep.Implementations[0]
	got := map[string]int{}
	for _, c := range ir.Classes {
		got[c.Diagnosis] = c.Count
		p, _ := strconv.Unquote(c.Minimized.Provenance)
		q, _ := strconv.Unquote(c.Minimized.Params)
		if sig := GuardSigner(rawMeetGuard{checkFault: true}).Sign(EncodePair([]byte(p), []byte(q))); string(sig) != c.Kind+":"+c.Reason+":"+c.Diagnosis {
			t.Errorf("class %s: its minimized example signs %q", c.Diagnosis, sig)
		}
		t.Logf("%s: %d tries, %d -> %d bytes: %s %s", c.Diagnosis, c.Minimized.Tries, c.Minimized.SizeBefore, c.Minimized.SizeAfter, c.Minimized.Provenance, c.Minimized.Params)
		if !c.Minimized.Complete || c.Minimized.Stopped != "" {
			t.Errorf("class %s: the reduction did not reach its fixed point in 200000 tries (%d, %q)", c.Diagnosis, c.Minimized.Tries, c.Minimized.Stopped)
		}
	}
	want := map[string]int{"path/meet(glob|prefix)[]": 2, "path/meet(prefix|prefix)[dot]": 1, "path/check(prefix)[pct]": 2}
	if len(got) != len(want) {
		t.Errorf("classes %v, want %v", got, want)
	}
	for d, n := range want {
		if got[d] != n {
			t.Errorf("class %s: %d probes, want %d (classes %v)", d, got[d], n, got)
		}
	}
	// A budget too small for a fixed point ends on the same bytes twice.
	a, _ := json.Marshal(run(3000))
	b, _ := json.Marshal(run(3000))
	if !bytes.Equal(a, b) || !bytes.Contains(a, []byte(`"stopped":"tries"`)) {
		t.Errorf("two runs on 3000 tries a class report otherwise, or reach the fixed point:\n%s\n%s", a, b)
	}
}

// A class signature is KIND:REASON:DIAGNOSIS, so a findings vector of a
// guard is the guard's short name before it.
func TestGuardSignatureIsTheSignersOwn(t *testing.T) {
	prov, params := chainOf([2]string{"glob", `"/srv/*"`}, [2]string{"prefix", `"/srv/x"`}), callOf("/srv/x/a/b")
	sig := GuardSigner(rawMeetGuard{}).Sign(EncodePair([]byte(prov), []byte(params)))
	v := newJudge(rawMeetGuard{}).classify([]byte(prov), []byte(params))
	if sig == minimize.Pass || string(GuardSignature("g", v.kind, v.reason, v.diag)) != "g:"+string(sig) || !strings.HasSuffix(string(sig), ":path/meet(glob|prefix)[]") {
		t.Errorf("signer %q, verdict %+v", sig, v)
	}
}

// GenerateProbes adds every named corner of the meet, each with its calls,
// when asked, and none otherwise.
func TestGenerateProbesAddsTheCorners(t *testing.T) {
	with, without := GenerateProbes(DefaultSeed, 2, true), GenerateProbes(DefaultSeed, 2, false)
	calls := 0
	for _, cp := range gen.MeetCorners() {
		calls += len(cp.Calls)
	}
	if got := countChains(with, "corner-"); got != len(gen.MeetCorners()) || len(with) != len(without)+calls || countChains(without, "corner-") != 0 {
		t.Errorf("%d corners of %d, %d probes with, %d without, %d corner calls", got, len(gen.MeetCorners()), len(with), len(without), calls)
	}
}
