package matrix_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/findings"
	"github.com/canonfuzz/canonfuzz/fuzz/oracle/noescalation"
	"github.com/canonfuzz/canonfuzz/matrix"
)

// TestReplayStudyFindings replays every finding of the differential study
// (findings/study/, written by canonfuzz matrix --findings) by its status,
// incumbent: a canonicalizer's vector through that implementation, which
// must still depart from canonfuzz/jcs as recorded; a guard's vector
// through our own guard, which must deny what the guard admitted (and
// admit what it over-restricted), and, when $NOESCALATION_PROXY names the
// reference guard's proxy/ folder, through the reference guard too. An
// implementation that does not start is a failure, never a skip.
func TestReplayStudyFindings(t *testing.T) {
	entries, err := findings.LoadStudy(filepath.Join("..", "findings", "study"))
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv(matrix.OraclesDirEnv) == "" {
		t.Setenv(matrix.OraclesDirEnv, filepath.Join("..", "bin", "oracles"))
	}
	impls, err := matrix.OpenBuiltin()
	defer matrix.CloseAll(impls)
	if err != nil {
		t.Fatalf("the study's implementations (make node-deps matrix-oracles): %v", err)
	}
	ext, extMissing := openStudyExt(t)
	defer matrix.CloseAll(ext)
	byShort := map[string]matrix.Impl{}
	for _, im := range append(impls, ext...) {
		byShort[matrix.ShortName(im.Name)] = im
	}
	var ref matrix.Guard
	if dir := os.Getenv("NOESCALATION_PROXY"); dir != "" {
		_, g, err := matrix.OpenExternalGuard("no-escalation=python3 " + filepath.Join("..", noescalation.Adapter) + " --proxy-dir " + dir)
		if err != nil {
			t.Fatal(err)
		}
		defer g.Close()
		ref = g
	}
	guards := 0
	for _, e := range entries {
		v := e.Vector
		t.Run(strings.TrimSuffix(filepath.ToSlash(e.Path), ".vec"), func(t *testing.T) {
			if v.Status != findings.Incumbent {
				t.Fatalf("status %s: the study's findings are incumbent", v.Status)
			}
			if extMissing != "" && matrix.IsExtImpl(v.Target) {
				t.Skip(extMissing)
			}
			if im, ok := byShort[v.Target]; ok {
				sign := matrix.CanonSigner(im.C, v.Target).Sign
				if strings.HasPrefix(string(v.Signature), v.Target+":output:") {
					sign = matrix.OutputSigner(im.C, v.Target).Sign
				}
				if got := sign(v.Payload); got != v.Signature {
					t.Fatalf("%s %s now signs %q, recorded %q: the pinned behaviour changed", im.Name, im.Version(), got, v.Signature)
				}
				return
			}
			if v.Target != "no-escalation" {
				t.Fatalf("target %s is neither an implementation of the study nor the reference guard", v.Target)
			}
			guards++
			if err := matrix.ReplayGuard(v, ref); err != nil {
				t.Fatal(err)
			}
		})
	}
	if guards == 0 {
		t.Error("no guard finding replayed: findings/study/no-escalation/ is empty")
	}
}

// TestStudyGuardFindingsNameTheirVerdict: a vector of the reference guard
// is named by how the readings of SEP-3246 judge its payload
// (matrix.JudgeReadings: violation, ambiguity or hardening), or by its
// kind when it is not judged (undecided), so that the name never counts
// an open point of the text or our own hardening as the guard's violation.
func TestStudyGuardFindingsNameTheirVerdict(t *testing.T) {
	entries, err := findings.LoadStudy(filepath.Join("..", "findings", "study"))
	if err != nil {
		t.Fatal(err)
	}
	judged := 0
	for _, e := range entries {
		v := e.Vector
		if v.Target != "no-escalation" {
			continue
		}
		prov, params, ok := matrix.DecodePair(v.Payload)
		kind, _, _ := strings.Cut(strings.TrimPrefix(string(v.Signature), v.Target+":"), ":")
		if !ok {
			t.Fatalf("%s: payload is not [provenance,params]", e.Path)
		}
		want := kind
		if way, detail := matrix.JudgeReadings(prov, params, kind); way != "" {
			want, judged = way+"-"+kind, judged+1
			if !strings.Contains(v.Comment, matrix.Verdict(way, detail)) {
				t.Errorf("%s: the comment does not say %q", e.Path, matrix.Verdict(way, detail))
			}
		}
		if !strings.HasPrefix(filepath.Base(e.Path), want+"-") {
			t.Errorf("%s: judged %s, the name does not start with it", e.Path, want)
		}
	}
	if judged == 0 {
		t.Error("no vector of the reference guard was judged")
	}
}
