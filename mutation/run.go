package mutation

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/progress"
)

// The statuses of mutation-testing-report-schema.
const (
	Killed       = "Killed"
	Survived     = "Survived"
	NoCoverage   = "NoCoverage"
	Timeout      = "Timeout"
	CompileError = "CompileError"
	Ignored      = "Ignored"
)

// Result is what became of one mutant.
type Result struct {
	Mutant         *Mutant
	Status         string
	Reason         string
	KilledBy       []string // test ids
	CoveredBy      []string
	Duration       time.Duration
	TestsCompleted int
}

// Options configure a sweep.
type Options struct {
	Work       string        // scratch directory: overlays, binaries, the coverage cache
	Workers    int           // mutants run at once
	Floor      time.Duration // the least time a run of tests gets before it is a Timeout
	Factor     float64       // a run's limit is Floor + Factor * its baseline
	Quick      bool          // one mutant of every refusal kind, the targets' own tests only
	Shard      int           // 1-based; 0 is every mutant
	Shards     int
	Equivalent []Equivalent
	Log        io.Writer
	// Now is the clock of the progress lines (mutant k of N, elapsed, an
	// estimate of the time left); nil is time.Now.
	Now func() time.Time
}

// Sweep is one run of the plan.
type Sweep struct {
	Plan     *Plan
	Opts     Options
	Binaries []*Binary
	Results  []*Result
	Stale    []Equivalent // entries of the list that match no mutant
	Timing   struct{ Setup, Coverage, Mutation time.Duration }
	covered  map[string][]*Test // binary path -> tests, per mutant lookup
	logMu    sync.Mutex         // one line at a time from the workers
}

// finished logs a mutant's status with the sweep's progress: how many of
// the selected mutants are done, the time the mutants have taken and an
// estimate of the time left.
func (s *Sweep) finished(m *progress.Meter, r *Result) {
	s.logf("mutation: %-12s %5.1fs %s; %s", r.Status, r.Duration.Seconds(), r.Mutant.ID, m.Done())
}

func (s *Sweep) logf(format string, args ...any) {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	if s.Opts.Log != nil {
		fmt.Fprintf(s.Opts.Log, format+"\n", args...)
	}
}

// Select returns the mutants this sweep runs: a shard of them, or for a
// quick sweep one per refusal kind of each target (the implementation's
// before its reference twin's; DropCheck first, then ReturnSuccess,
// SwapKind, the rest), skipping mutants that do not compile, constant
// changes (each a build of its own) and the reviewed equivalents.
func (p *Plan) Select(opts Options) []*Mutant {
	ms := p.Mutants
	if opts.Quick {
		rank := map[string]int{DropCheck: 0, ReturnSuccess: 1, SwapKind: 2, ShiftOffset: 3, ShiftCap: 4, ShiftLimit: 5}
		best := map[string]*Mutant{}
		var kinds []string
		for _, m := range ms {
			if _, eq := equivalentOf(opts.Equivalent, m); m.CompileErr != "" || !m.Schema || eq {
				continue
			}
			k := m.Site.Pkg.Path + " " + m.Site.Kind
			if b, ok := best[k]; !ok {
				kinds = append(kinds, k)
				best[k] = m
			} else if better(m, b, rank) {
				best[k] = m
			}
		}
		sort.Strings(kinds)
		ms = nil
		for _, k := range kinds {
			ms = append(ms, best[k])
		}
	}
	if opts.Shards > 1 {
		var out []*Mutant
		for i, m := range ms {
			if i%opts.Shards == opts.Shard-1 {
				out = append(out, m)
			}
		}
		ms = out
	}
	return ms
}

// Run builds the schema, the test binaries and the coverage map, and runs
// the selected mutants.
func (p *Plan) Run(opts Options) (*Sweep, error) {
	if opts.Workers <= 0 {
		opts.Workers = 2
	}
	if opts.Floor == 0 {
		opts.Floor = 15 * time.Second
	}
	if opts.Factor == 0 {
		opts.Factor = 4
	}
	work, err := filepath.Abs(opts.Work)
	if err != nil {
		return nil, err
	}
	opts.Work = work
	s := &Sweep{Plan: p, Opts: opts}
	start := time.Now()
	if err := p.Judge(); err != nil {
		return nil, err
	}
	selected := p.Select(opts)
	s.logf("mutation: %d sites, %d mutants, %d selected", len(p.Sites), len(p.Mutants), len(selected))
	if err := s.build(); err != nil {
		return nil, err
	}
	s.Timing.Setup = time.Since(start)
	start = time.Now()
	if err := s.cover(); err != nil {
		return nil, err
	}
	s.Timing.Coverage = time.Since(start)
	start = time.Now()
	s.Results = make([]*Result, len(selected))
	var wg sync.WaitGroup
	next := make(chan int)
	meter := progress.Start(len(selected), opts.Now)
	for w := 0; w < opts.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := s.run(selected[i])
				s.Results[i] = r
				s.finished(meter, r)
			}
		}()
	}
	for i := range selected {
		next <- i
	}
	close(next)
	wg.Wait()
	s.Timing.Mutation = time.Since(start)
	s.Stale = staleEquivalents(opts.Equivalent, p.Mutants, p.Mod.Targets)
	return s, nil
}

// build writes the schema overlay and builds every test binary the sweep
// needs: the target packages', and for a full sweep every package of the
// module whose tests depend on a target.
func (s *Sweep) build() error {
	schema := s.Plan.BuildSchema()
	ov, err := writeOverlay(filepath.Join(s.Opts.Work, "_overlay"), schema.Files)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	var pkgs []*listed
	for _, t := range s.Plan.Mod.Targets {
		for _, l := range s.Plan.Mod.TestPackages(t.Path) {
			if seen[l.ImportPath] || (s.Opts.Quick && l.ImportPath != t.Path) {
				continue
			}
			seen[l.ImportPath] = true
			pkgs = append(pkgs, l)
		}
	}
	binDir := filepath.Join(s.Opts.Work, "bin")
	if err := os.MkdirAll(binDir, 0o755); err != nil {
		return err
	}
	for _, l := range pkgs {
		out := filepath.Join(binDir, binaryName(l.ImportPath))
		s.logf("mutation: building %s", l.ImportPath)
		if err := buildTest(s.Plan.Mod.Root, ov, l.ImportPath, out); err != nil {
			return err
		}
		rel, _ := filepath.Rel(s.Plan.Mod.Root, l.Dir)
		b := &Binary{Pkg: l.ImportPath, Rel: filepath.ToSlash(rel), Dir: l.Dir, Path: out}
		decls := testDecls(s.Plan.Mod.Root, l)
		names, err := listTests(b)
		if err != nil {
			return err
		}
		for _, n := range names {
			t := &Test{Name: n, ID: b.Rel + "/" + n}
			if d, ok := decls[n]; ok {
				t.File, t.Line = d[0].(string), d[1].(int)
			}
			b.Tests = append(b.Tests, t)
		}
		s.Binaries = append(s.Binaries, b)
	}
	return nil
}

func listTests(b *Binary) ([]string, error) {
	cmd := exec.Command(b.Path, "-test.list", ".")
	cmd.Dir = b.Dir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s -test.list: %v", b.Pkg, err)
	}
	var names []string
	for _, line := range strings.Split(string(out), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "Benchmark") || strings.HasPrefix(line, "ok ") {
			continue
		}
		names = append(names, line)
	}
	return names, nil
}

// coverEntry is the cached coverage of one test.
type coverEntry struct {
	Seconds float64
	Passed  bool
	Hits    []int
}

// cover runs every test of every binary on its own with the trace on, once
// per binary content and testdata (the cache key), to learn which mutation
// points each test reaches and how long it takes uncached.
func (s *Sweep) cover() error {
	cacheDir := filepath.Join(s.Opts.Work, "cover-cache")
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		return err
	}
	type job struct {
		b *Binary
		t *Test
	}
	var jobs []job
	cached := map[*Binary]map[string]coverEntry{}
	keys := map[*Binary]string{}
	for _, b := range s.Binaries {
		key, err := binaryKey(b)
		if err != nil {
			return err
		}
		keys[b] = key
		var entries map[string]coverEntry
		if data, err := os.ReadFile(filepath.Join(cacheDir, key+".json")); err == nil && json.Unmarshal(data, &entries) == nil {
			cached[b] = entries
		}
		for _, t := range b.Tests {
			if e, ok := cached[b][t.Name]; ok {
				t.Seconds, t.Passed, t.Hits = e.Seconds, e.Passed, toSet(e.Hits)
				continue
			}
			jobs = append(jobs, job{b, t})
		}
	}
	s.logf("mutation: coverage of %d tests in %d binaries (%d more cached)", len(jobs), len(s.Binaries), countTests(s.Binaries)-len(jobs))
	var wg sync.WaitGroup
	next := make(chan job)
	traceDir := filepath.Join(s.Opts.Work, "trace")
	os.MkdirAll(traceDir, 0o755)
	var mu sync.Mutex
	n := 0
	for w := 0; w < s.Opts.Workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for j := range next {
				trace := filepath.Join(traceDir, fmt.Sprintf("w%d", w))
				os.Remove(trace)
				start := time.Now()
				res := runTests(j.b, []string{j.t.Name}, 0, trace, 20*time.Minute)
				j.t.Seconds = time.Since(start).Seconds()
				j.t.Passed = res.err == nil
				j.t.Hits = readTrace(trace)
				mu.Lock()
				n++
				if !j.t.Passed {
					s.logf("mutation: baseline: %s fails without a mutant; it is left out\n%s", j.t.ID, tail(res.out, 1500))
				}
				mu.Unlock()
			}
		}(w)
	}
	for _, j := range jobs {
		next <- j
	}
	close(next)
	wg.Wait()
	for _, b := range s.Binaries {
		entries := map[string]coverEntry{}
		for _, t := range b.Tests {
			entries[t.Name] = coverEntry{Seconds: t.Seconds, Passed: t.Passed, Hits: fromSet(t.Hits)}
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

func fromSet(m map[int]bool) []int {
	var xs []int
	for x := range m {
		xs = append(xs, x)
	}
	sort.Ints(xs)
	return xs
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

type runResult struct {
	err      error
	timedOut bool
	out      []byte
	failed   []string
}

var failLine = regexp.MustCompile(`(?m)^--- FAIL: (\S+)`)

// runTests runs the named tests of a binary with the given mutant active
// (0: none), failing fast, within limit.
func runTests(b *Binary, names []string, mutant int, trace string, limit time.Duration) runResult {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = regexp.QuoteMeta(n)
	}
	cmd := exec.CommandContext(ctx, b.Path, "-test.run", "^("+strings.Join(quoted, "|")+")$",
		"-test.failfast", "-test.count=1", "-test.timeout="+(limit+time.Minute).String())
	cmd.Dir = b.Dir
	cmd.Env = append(os.Environ(), EnvMutant+"="+strconv.Itoa(mutant), EnvTrace+"="+trace)
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	r := runResult{err: err, out: out.Bytes(), timedOut: ctx.Err() != nil}
	for _, m := range failLine.FindAllSubmatch(r.out, -1) {
		r.failed = append(r.failed, b.Rel+"/"+string(m[1]))
	}
	return r
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}

// candidates are the tests of each binary that reach the mutant, own
// package first, each binary's fastest first.
func (s *Sweep) candidates(m *Mutant) [][]*Test {
	points := append([]int{m.Num}, m.probes...)
	var out [][]*Test
	for _, b := range s.Binaries {
		var ts []*Test
		for _, t := range b.Tests {
			if !t.Passed {
				continue
			}
			for _, p := range points {
				if t.Hits[p] {
					ts = append(ts, t)
					break
				}
			}
		}
		sort.SliceStable(ts, func(i, j int) bool { return ts[i].Seconds < ts[j].Seconds })
		if b.Pkg == m.Site.Pkg.Path {
			out = append([][]*Test{ts}, out...)
		} else {
			out = append(out, ts)
		}
	}
	return out
}

func (s *Sweep) binaryOf(t *Test) *Binary {
	for _, b := range s.Binaries {
		if strings.HasPrefix(t.ID, b.Rel+"/") && b.Rel+"/"+t.Name == t.ID {
			return b
		}
	}
	return nil
}

// run decides one mutant.
func (s *Sweep) run(m *Mutant) *Result {
	r := &Result{Mutant: m}
	if why, ok := equivalentOf(s.Opts.Equivalent, m); ok {
		r.Status, r.Reason = Ignored, "equivalent: "+why
		return r
	}
	if m.CompileErr != "" {
		r.Status, r.Reason = CompileError, m.CompileErr
		return r
	}
	groups := s.candidates(m)
	for _, g := range groups {
		for _, t := range g {
			r.CoveredBy = append(r.CoveredBy, t.ID)
		}
	}
	if len(r.CoveredBy) == 0 {
		r.Status, r.Reason = NoCoverage, "no test reaches the mutation"
		return r
	}
	start := time.Now()
	defer func() { r.Duration = time.Since(start) }()
	var ov string
	if !m.Schema {
		var err error
		if ov, err = writeOverlay(filepath.Join(s.Opts.Work, "_alone"), map[string][]byte{m.Site.File.Path: m.Apply()}); err != nil {
			r.Status, r.Reason = "RuntimeError", err.Error()
			return r
		}
		defer os.RemoveAll(filepath.Dir(ov))
	}
	for _, g := range groups {
		if len(g) == 0 {
			continue
		}
		b := s.binaryOf(g[0])
		num := m.Num
		if !m.Schema {
			// A constant change is built on its own, one test binary at a
			// time, so that one its own package kills costs one build.
			nb := *b
			nb.Path = filepath.Join(filepath.Dir(ov), binaryName(b.Pkg))
			if err := buildTest(s.Plan.Mod.Root, ov, b.Pkg, nb.Path); err != nil {
				if testFiles := onlyTestFiles(err.Error()); testFiles != nil {
					// The package compiles (Judge said so) and its tests
					// do not: they pin the constant at compile time.
					r.Status, r.KilledBy = Killed, ids(b, names(g))
					r.Reason = "the tests do not compile with the constant changed: " + strings.Join(testFiles, ", ")
					return r
				}
				r.Status, r.Reason = CompileError, err.Error()
				return r
			}
			b, num = &nb, 0
		}
		for _, batch := range batches(g) {
			names := names(batch)
			base := 0.0
			for _, t := range batch {
				base += t.Seconds
			}
			limit := s.Opts.Floor + time.Duration(s.Opts.Factor*base*float64(time.Second))
			res := runTests(b, names, num, "", limit)
			switch {
			case res.timedOut:
				r.Status, r.Reason = Timeout, fmt.Sprintf("%s ran past %s (baseline %.2fs)", strings.Join(names, ","), limit, base)
				r.KilledBy = ids(b, names)
				return r
			case res.err != nil:
				r.Status = Killed
				r.KilledBy = res.failed
				if len(r.KilledBy) == 0 {
					r.KilledBy = ids(b, names)
				}
				r.Reason = firstLines(res.out, 8)
				r.TestsCompleted += len(names)
				return r
			}
			r.TestsCompleted += len(names)
		}
	}
	r.Status, r.Reason = Survived, fmt.Sprintf("%d tests reach it and pass", r.TestsCompleted)
	return r
}

func names(ts []*Test) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Name)
	}
	return out
}

var goErrorFile = regexp.MustCompile(`(?m)^(?:\./)?(\S+\.go):\d+:\d+: `)

// onlyTestFiles returns the files a build's errors are in when all of them
// are _test.go files, or nil.
func onlyTestFiles(out string) []string {
	seen := map[string]bool{}
	var files []string
	for _, m := range goErrorFile.FindAllStringSubmatch(out, -1) {
		if !strings.HasSuffix(m[1], "_test.go") {
			return nil
		}
		if !seen[m[1]] {
			seen[m[1]] = true
			files = append(files, m[1])
		}
	}
	return files
}

func ids(b *Binary, names []string) []string {
	var out []string
	for _, n := range names {
		out = append(out, b.Rel+"/"+n)
	}
	return out
}

func firstLines(b []byte, n int) string {
	var keep []string
	for _, line := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "=== ") {
			continue
		}
		keep = append(keep, line)
		if len(keep) == n {
			break
		}
	}
	return strings.Join(keep, "\n")
}

// batches groups tests (fastest first) into runs whose baseline doubles
// from 0.25 s, so a mutant the fast tests kill never waits for the slow.
func batches(ts []*Test) [][]*Test {
	var out [][]*Test
	budget := 0.25
	var cur []*Test
	sum := 0.0
	for _, t := range ts {
		if len(cur) > 0 && sum+t.Seconds > budget {
			out = append(out, cur)
			cur, sum = nil, 0
			budget *= 2
		}
		cur = append(cur, t)
		sum += t.Seconds
	}
	if len(cur) > 0 {
		out = append(out, cur)
	}
	return out
}

// better prefers the implementation to its slow reference twin, then the
// operator that silences the refusal most plainly.
func better(m, b *Mutant, rank map[string]int) bool {
	mr, br := strings.Contains(m.Site.File.Rel, "reference"), strings.Contains(b.Site.File.Rel, "reference")
	if mr != br {
		return br
	}
	return rank[m.Operator] < rank[b.Operator]
}
