package fuzzscore

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/canonfuzz/canonfuzz/internal/gocmd"
	"github.com/canonfuzz/canonfuzz/mutation"
)

// builds are the binaries of one overlay: each fuzz package's test binary
// (coverage-instrumented with -fuzz, the planted tag so that the seeds can
// be withheld) and the canonfuzz command that minimizes a kill, built the
// first time a kill needs it.
type builds struct {
	dir       string
	overlay   string
	root      string
	fuzz      map[string]string // by package import path
	canonfuzz string
	cfOnce    sync.Once
	cfErr     error
}

// minimizer returns the canonfuzz command built with the overlay, in the
// research build (-tags lab), the one that has the minimize command.
func (b *builds) minimizer(ctx context.Context) (string, error) {
	b.cfOnce.Do(func() {
		_, b.cfErr = gocmd.Output(ctx, b.root, "build", "-tags=lab", "-overlay="+b.overlay, "-o", b.canonfuzz, "./cmd/canonfuzz")
	})
	return b.canonfuzz, b.cfErr
}

// build builds, with the overlay, the fuzz binaries of the packages into
// dir.
func build(ctx context.Context, root, overlay, dir string, pkgs []string, log func(string, ...any)) (*builds, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	b := &builds{dir: dir, overlay: overlay, root: root, fuzz: map[string]string{}, canonfuzz: filepath.Join(dir, "canonfuzz")}
	for _, pkg := range pkgs {
		if log != nil {
			log("fuzzscore: building the fuzz binary of %s", pkg)
		}
		exe := filepath.Join(dir, gocmd.TestBinary(pkg))
		if _, err := gocmd.Output(ctx, root, "test", "-c", "-vet=off", "-tags=planted", "-fuzz=.", "-overlay="+overlay, "-o", exe, pkg); err != nil {
			return nil, err
		}
		b.fuzz[pkg] = exe
	}
	return b, nil
}

// alone builds the binaries of each mutant that is not in the schema (a
// constant change) once, on its own overlay.
type alone struct {
	mu    sync.Mutex
	built map[string]*aloneBuild
}

type aloneBuild struct {
	once sync.Once
	b    *builds
	err  error
}

func (a *alone) get(ctx context.Context, s *scorer, m *mutation.Mutant, pkgs []string) (*builds, error) {
	a.mu.Lock()
	if a.built == nil {
		a.built = map[string]*aloneBuild{}
	}
	ab := a.built[m.ID]
	if ab == nil {
		ab = &aloneBuild{}
		a.built[m.ID] = ab
	}
	a.mu.Unlock()
	ab.once.Do(func() {
		ov, err := s.sweep.AloneOverlay(m)
		if err != nil {
			ab.err = err
			return
		}
		ab.b, ab.err = build(ctx, s.cfg.Root, ov, filepath.Join(s.cfg.Work, "alone", fmt.Sprint(m.Num)), pkgs, s.logf)
	})
	return ab.b, ab.err
}
