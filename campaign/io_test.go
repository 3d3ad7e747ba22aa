package campaign

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// An I/O error is never a finding (issue 16: `campaign --engine gofuzz
// --from /nonexistent` reported "4 new failures"): a crashers folder or a
// libFuzzer binaries folder that is not there, a workdir that cannot be
// made, a crasher file that cannot be read are ErrIO, no report, and
// nothing under findings/, on every engine.
func TestAnIOErrorIsNeverAFinding(t *testing.T) {
	root := moduleRoot(t)
	aFile := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(aFile, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	// A libFuzzer crash file beside one in go test fuzz v1 that does not
	// parse: neither is minimized, since one cannot be read.
	corrupt := t.TempDir()
	for name, data := range map[string]string{"crash-1": duplicateCrasher, "crash-2": "go test fuzz v1\n[]byte(\"unterminated\n"} {
		if err := os.WriteFile(filepath.Join(corrupt, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		name string
		cfg  Config
	}{
		{"gofuzz --from missing", Config{Engine: EngineGoFuzz, From: "/nonexistent"}},
		{"libfuzzer --from missing", Config{Engine: EngineLibFuzzer, From: "/nonexistent"}},
		{"libfuzzer --from a file", Config{Engine: EngineLibFuzzer, From: aFile}},
		{"libfuzzer --bin missing", Config{Engine: EngineLibFuzzer, Bin: "/nonexistent"}},
		{"gofuzz --workdir under a file", Config{Engine: EngineGoFuzz, Workdir: filepath.Join(aFile, "work")}},
		{"native --workdir under a file", Config{Engine: EngineNative, Workdir: filepath.Join(aFile, "work")}},
		{"libfuzzer an unreadable crasher", Config{Engine: EngineLibFuzzer, From: corrupt}},
	} {
		t.Run(c.name, func(t *testing.T) {
			found := filepath.Join(t.TempDir(), "findings")
			cfg := c.cfg
			cfg.Root, cfg.Targets = root, []string{"FuzzScanMatchesReference"}
			if cfg.Workdir == "" {
				cfg.Workdir = t.TempDir()
			}
			cfg.Minimize = plantedReducer(t, found)
			rep, err := Run(context.Background(), cfg)
			if !errors.Is(err, ErrIO) || rep != nil {
				t.Errorf("error %v, report %+v; want ErrIO and no report", err, rep)
			}
			if rep != nil && rep.NewFailures() > 0 {
				t.Errorf("%d new failures for an I/O error", rep.NewFailures())
			}
			t.Log(err)
			if entries, _ := os.ReadDir(found); len(entries) > 0 {
				t.Errorf("%d entries written under findings/", len(entries))
			}
		})
	}
}

// The campaign says target k of N as each starts and, as each ends, how
// many are done, the time elapsed and an estimate of what is left, on the
// clock of Config.Now.
func TestCampaignProgressSaysKOfNAndTimeLeft(t *testing.T) {
	root := moduleRoot(t)
	from := t.TempDir() // no crashers: every target is ok
	clock := time.Date(2026, 12, 4, 21, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	now := func() time.Time { // each reading is a minute later
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(time.Minute)
		return clock
	}
	var out strings.Builder
	_, err := Run(context.Background(), Config{Root: root, Engine: EngineGoFuzz, From: from, Workdir: t.TempDir(), Progress: &out, Now: now,
		Targets: []string{"FuzzScanMatchesReference", "FuzzGlobMatchesReference"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"campaign: target 1 of 2: FuzzScanMatchesReference (gofuzz, 20s)\n",
		"campaign: FuzzScanMatchesReference ok; 1 of 2 done, 1m0s elapsed, about 1m0s left\n",
		"campaign: target 2 of 2: FuzzGlobMatchesReference (gofuzz, 20s)\n",
		"campaign: FuzzGlobMatchesReference ok; 2 of 2 done, 2m0s elapsed\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("progress has no line %q:\n%s", want, out.String())
		}
	}
}
