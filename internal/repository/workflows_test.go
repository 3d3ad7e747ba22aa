package repository

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// workflow is what these checks read of a GitHub Actions workflow file.
type workflow struct {
	On          yaml.Node         `yaml:"on"`
	Permissions map[string]string `yaml:"permissions"`
	Jobs        map[string]job    `yaml:"jobs"`
}

type job struct {
	Permissions map[string]string `yaml:"permissions"`
	Steps       []step            `yaml:"steps"`
}

type step struct {
	Name string            `yaml:"name"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]string `yaml:"with"`
}

func readWorkflows(t *testing.T) map[string]workflow {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root(t), ".github", "workflows", "*.yml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no workflows: %v", err)
	}
	out := map[string]workflow{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var w workflow
		if err := yaml.Unmarshal(data, &w); err != nil {
			t.Fatalf("%s: %v", filepath.Base(f), err)
		}
		out[filepath.Base(f)] = w
	}
	return out
}

// events lists the events of a workflow's on: a name, a list or a map.
func events(n yaml.Node) map[string]*yaml.Node {
	out := map[string]*yaml.Node{}
	switch n.Kind {
	case yaml.ScalarNode:
		out[n.Value] = nil
	case yaml.SequenceNode:
		for _, e := range n.Content {
			out[e.Value] = nil
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			out[n.Content[i].Value] = n.Content[i+1]
		}
	}
	return out
}

var pinned = regexp.MustCompile(`^[\w.-]+/[\w./-]+@[0-9a-f]{40}$`)

// TestActionsArePinnedByCommit: every action a workflow uses is pinned by
// a full commit SHA, with the release it is as a comment (a tag can be
// moved; a commit cannot), and every use of one action is of one commit.
func TestActionsArePinnedByCommit(t *testing.T) {
	commits := map[string]string{}
	for name, w := range readWorkflows(t) {
		for jname, j := range w.Jobs {
			for _, s := range j.Steps {
				if s.Uses == "" || strings.HasPrefix(s.Uses, "./") || strings.HasPrefix(s.Uses, "docker://") {
					continue
				}
				if !pinned.MatchString(s.Uses) {
					t.Errorf("%s, job %s: %s is not pinned by a commit SHA", name, jname, s.Uses)
					continue
				}
				action, sha, _ := strings.Cut(s.Uses, "@")
				if prev, ok := commits[action]; ok && prev != sha {
					t.Errorf("%s is pinned at two commits, %s and %s", action, prev, sha)
				}
				commits[action] = sha
			}
		}
		data, err := os.ReadFile(filepath.Join(root(t), ".github", "workflows", name))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range regexp.MustCompile(`(?m)^\s*-?\s*uses: \S+@[0-9a-f]{40}.*$`).FindAllString(string(data), -1) {
			if !regexp.MustCompile(`@[0-9a-f]{40} # v\d`).MatchString(line) {
				t.Errorf("%s: %q does not say which release the commit is (# vX.Y.Z)", name, strings.TrimSpace(line))
			}
		}
	}
}

// stepUsing is the first step of j that uses action (at any commit).
func stepUsing(j job, action string) (step, bool) {
	for _, s := range j.Steps {
		if strings.HasPrefix(s.Uses, action+"@") {
			return s, true
		}
	}
	return step{}, false
}

// lines splits a multi-line with: value.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// TestCIRunsTheTestsOnEveryPushAndPullRequest: ci.yml runs make test on
// every push and pull request, with setup-go's cache keyed on every
// tracked go.sum and setup-node's npm cache on every tracked
// package-lock.json (a lock file added later joins the key, or this
// fails).
func TestCIRunsTheTestsOnEveryPushAndPullRequest(t *testing.T) {
	w, ok := readWorkflows(t)["ci.yml"]
	if !ok {
		t.Fatal("no .github/workflows/ci.yml")
	}
	ev := events(w.On)
	for _, e := range []string{"push", "pull_request"} {
		n, ok := ev[e]
		if !ok {
			t.Errorf("ci.yml does not run on %s", e)
		} else if n != nil && n.Kind == yaml.MappingNode && len(n.Content) > 0 {
			t.Errorf("ci.yml filters its %s events: every %s must run the tests", e, e)
		}
	}
	var sums, locks []string
	for _, f := range tracked(t, root(t)) {
		switch filepath.Base(f) {
		case "go.sum":
			sums = append(sums, f)
		case "package-lock.json":
			locks = append(locks, f)
		}
	}
	tested := false
	for name, j := range w.Jobs {
		if !slices.ContainsFunc(j.Steps, func(s step) bool { return strings.TrimSpace(s.Run) == "make test" }) {
			continue
		}
		tested = true
		goStep, ok := stepUsing(j, "actions/setup-go")
		if !ok || goStep.With["cache"] != "true" {
			t.Errorf("job %s: no actions/setup-go with cache: true", name)
		}
		nodeStep, ok := stepUsing(j, "actions/setup-node")
		if !ok || nodeStep.With["cache"] != "npm" {
			t.Errorf("job %s: no actions/setup-node with cache: npm", name)
		}
		for _, c := range []struct {
			s     step
			files []string
		}{{goStep, sums}, {nodeStep, locks}} {
			keyed := lines(c.s.With["cache-dependency-path"])
			for _, f := range c.files {
				if !slices.Contains(keyed, f) {
					t.Errorf("job %s: %s's cache-dependency-path lacks %s", name, c.s.Uses, f)
				}
			}
		}
	}
	if !tested {
		t.Error("no job of ci.yml runs make test")
	}
}

// TestSARIFReachesCodeScanning: the nightly campaigns upload their
// campaign.sarif and the committed study's matrix.sarif, the release its
// mutation report.sarif, ClusterFuzzLite
// writes SARIF and uploads it; every job that uploads has security-events:
// write (upload-sarif fails without it), and each upload has a category of
// its own, so one does not replace another's alerts.
func TestSARIFReachesCodeScanning(t *testing.T) {
	ws := readWorkflows(t)
	want := map[string][]string{
		"nightly.yml": {"work/campaign/campaign.sarif", "work/gofuzz-campaign/campaign.sarif", "work/libfuzzer-campaign/campaign.sarif",
			"docs/study/canonicalizers/matrix.sarif", "docs/study/guards/matrix.sarif"},
		"release.yml":         {"work/mutation/report.sarif"},
		"clusterfuzzlite.yml": {"cifuzz-sarif/results.sarif"},
	}
	categories := map[string]string{}
	for name, w := range ws {
		var uploaded []string
		for jname, j := range w.Jobs {
			for _, s := range j.Steps {
				if !strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@") {
					continue
				}
				uploaded = append(uploaded, s.With["sarif_file"])
				if j.Permissions["security-events"] != "write" {
					t.Errorf("%s, job %s uploads SARIF without permissions: security-events: write", name, jname)
				}
				c := s.With["category"]
				if c == "" {
					t.Errorf("%s, job %s: an upload without a category", name, jname)
				} else if prev, ok := categories[c]; ok {
					t.Errorf("category %q is uploaded by %s and %s", c, prev, name+"/"+jname)
				}
				categories[c] = name + "/" + jname
			}
		}
		for _, f := range want[name] {
			if !slices.Contains(uploaded, f) {
				t.Errorf("%s does not upload %s (it uploads %v)", name, f, uploaded)
			}
		}
	}
	cfl, ok := stepUsing(ws["clusterfuzzlite.yml"].Jobs["fuzz"], "google/clusterfuzzlite/actions/run_fuzzers")
	if !ok || cfl.With["output-sarif"] != "true" {
		t.Errorf("ClusterFuzzLite's run_fuzzers does not have output-sarif: true: %+v", cfl.With)
	}
}

// TestATagMakesARelease: pushing a tag v* runs release.yml, which creates
// the release of the tag.
func TestATagMakesARelease(t *testing.T) {
	w := readWorkflows(t)["release.yml"]
	push, ok := events(w.On)["push"]
	if !ok || push == nil {
		t.Fatal("release.yml does not run on a push of a tag")
	}
	var on struct {
		Tags     []string `yaml:"tags"`
		Branches []string `yaml:"branches"`
	}
	if err := push.Decode(&on); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(on.Tags, []string{"v*"}) || len(on.Branches) > 0 {
		t.Errorf("release.yml runs on the push of tags %v, branches %v; want the tags v* only", on.Tags, on.Branches)
	}
	created := false
	for _, j := range w.Jobs {
		for _, s := range j.Steps {
			created = created || strings.Contains(s.Run, `gh release create "$TAG" --verify-tag`)
		}
	}
	if !created {
		t.Error("release.yml does not create the release of the tag")
	}
}
