package mutation

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// coverEntry is the cached coverage of one test.
type coverEntry struct {
	Seconds float64
	Passed  bool
	Hits    []int
}

// coverJob is one test whose coverage the cache does not hold.
type coverJob struct {
	b *Binary
	t *Test
}

// cover runs every test of every binary on its own with the trace on, once
// per binary content and testdata (the cache key), to learn which mutation
// points each test reaches and how long it takes uncached.
func (s *Sweep) cover() error {
	cacheDir := filepath.Join(s.Opts.Work, "cover-cache")
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return err
	}
	keys, jobs, err := s.cachedCoverage(cacheDir)
	if err != nil {
		return err
	}
	s.logf("mutation: coverage of %d tests in %d binaries (%d more cached)", len(jobs), len(s.Binaries), countTests(s.Binaries)-len(jobs))
	traceDir := filepath.Join(s.Opts.Work, "trace")
	os.MkdirAll(traceDir, 0o755)
	eachOnWorkers(len(jobs), s.Opts.Workers, func(w, i int) {
		s.coverTest(jobs[i], filepath.Join(traceDir, fmt.Sprintf("w%d", w)))
	})
	return s.saveCoverage(cacheDir, keys)
}

// cachedCoverage fills each test from the cache where it holds the test,
// and returns the cache key of each binary and the tests left to run.
func (s *Sweep) cachedCoverage(cacheDir string) (map[*Binary]string, []coverJob, error) {
	keys := map[*Binary]string{}
	var jobs []coverJob
	for _, b := range s.Binaries {
		key, err := binaryKey(b)
		if err != nil {
			return nil, nil, err
		}
		keys[b] = key
		var entries map[string]coverEntry
		if data, err := os.ReadFile(filepath.Join(cacheDir, key+".json")); err == nil {
			if json.Unmarshal(data, &entries) != nil {
				entries = nil
			}
		}
		for _, t := range b.Tests {
			if e, ok := entries[t.Name]; ok {
				t.Seconds, t.Passed, t.Hits = e.Seconds, e.Passed, toSet(e.Hits)
				continue
			}
			jobs = append(jobs, coverJob{b, t})
		}
	}
	return keys, jobs, nil
}

// coverTest runs one test with no mutant and the trace on: its uncached
// duration, whether it passes, the mutation points it reaches.
func (s *Sweep) coverTest(j coverJob, trace string) {
	os.Remove(trace)
	start := time.Now()
	res := runTests(j.b, []string{j.t.Name}, 0, trace, 20*time.Minute)
	j.t.Seconds = time.Since(start).Seconds()
	j.t.Passed = res.err == nil
	j.t.Hits = readTrace(trace)
	if !j.t.Passed {
		s.logf("mutation: baseline: %s fails without a mutant; it is left out\n%s", j.t.ID, tail(res.out, 1500))
	}
}

// saveCoverage writes each binary's tests to the cache under its key.
func (s *Sweep) saveCoverage(cacheDir string, keys map[*Binary]string) error {
	for _, b := range s.Binaries {
		entries := map[string]coverEntry{}
		for _, t := range b.Tests {
			entries[t.Name] = coverEntry{Seconds: t.Seconds, Passed: t.Passed, Hits: slices.Sorted(maps.Keys(t.Hits))}
		}
		data, _ := json.Marshal(entries)
		if err := os.WriteFile(filepath.Join(cacheDir, keys[b]+".json"), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func countTests(bs []*Binary) int {
	n := 0
	for _, b := range bs {
		n += len(b.Tests)
	}
	return n
}

// binaryKey hashes a test binary and the files of its package's testdata.
func binaryKey(b *Binary) (string, error) {
	h := sha256.New()
	f, err := os.Open(b.Path)
	if err != nil {
		return "", err
	}
	_, err = io.Copy(h, f)
	f.Close()
	if err != nil {
		return "", err
	}
	filepath.WalkDir(filepath.Join(b.Dir, "testdata"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.Contains(path, "node_modules") {
			return nil
		}
		if info, err := d.Info(); err == nil {
			fmt.Fprintf(h, "%s\x00%d\x00%d\x00", path, info.Size(), info.ModTime().UnixNano())
		}
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:24], nil
}

func toSet(xs []int) map[int]bool {
	m := map[int]bool{}
	for _, x := range xs {
		m[x] = true
	}
	return m
}

func readTrace(path string) map[int]bool {
	hits := map[int]bool{}
	data, _ := os.ReadFile(path)
	for _, line := range strings.Split(string(data), "\n") {
		if n, err := strconv.Atoi(strings.TrimSpace(line)); err == nil {
			hits[n] = true
		}
	}
	return hits
}
