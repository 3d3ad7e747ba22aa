package mutation

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// GremlinsRun configures RunGremlins.
type GremlinsRun struct {
	Binary      string   // the pinned gremlins (make mutation-tools builds bin/gremlins)
	Packages    []string // relative package paths: "./targets/admit"
	Work        string
	Coefficient int // gremlins' --timeout-coefficient
	Workers     int
	Log         func(format string, args ...any)
}

// gremlinsMutators turns on the six mutators gremlins leaves off, so it
// runs all eleven.
var gremlinsMutators = []string{"--invert-assignments", "--invert-bitwise", "--invert-bwassign",
	"--invert-logical", "--invert-loopctrl", "--remove-self-assignments"}

// RunGremlins runs gremlins over the packages, restricted to the refusal
// lines (the sites and their conditions): in a scratch copy of the
// module's tracked files, each package a git repository of its own whose
// one commit differs from the working files in exactly those lines, so
// `--diff HEAD` selects them. It returns gremlins' outputs joined and the
// wall time.
func (p *Plan) RunGremlins(g GremlinsRun) (*GremlinsOutput, time.Duration, error) {
	work, err := filepath.Abs(g.Work)
	if err != nil {
		return nil, 0, err
	}
	g.Work = work
	// Outside any repository, so no enclosing .git answers gremlins' git diff.
	tree := filepath.Join(os.TempDir(), "canonfuzz-gremlins-tree")
	os.RemoveAll(tree)
	if err := os.MkdirAll(tree, 0o755); err != nil {
		return nil, 0, err
	}
	root := p.Mod.Root
	files, err := exec.Command("git", "-C", root, "ls-files", "-z").Output()
	if err != nil {
		return nil, 0, fmt.Errorf("git ls-files: %v", err)
	}
	for _, rel := range strings.Split(strings.TrimRight(string(files), "\x00"), "\x00") {
		if err := copyFile(filepath.Join(root, rel), filepath.Join(tree, rel)); err != nil {
			return nil, 0, err
		}
	}
	// Untracked installs the targets' tests need (the MCP server's npm
	// packages) are linked, not copied.
	nm, _ := filepath.Glob(filepath.Join(root, "targets", "*", "testdata", "*", "node_modules"))
	for _, dir := range nm {
		rel, _ := filepath.Rel(root, dir)
		os.Symlink(dir, filepath.Join(tree, rel))
	}
	// gremlins reads `git diff` from the directory it is pointed at and
	// matches the paths against names relative to that directory, so a
	// repository rooted at the module matches nothing when it is pointed
	// at a package (the --diff mode that skips every mutant). Each package
	// gets a repository of its own, rooted at it, with one commit in which
	// exactly the refusal lines differ from the working files.
	lines := p.RefusalLines()
	for _, pkg := range g.Packages {
		dir := filepath.Join(tree, filepath.FromSlash(strings.TrimPrefix(pkg, "./")))
		git := func(args ...string) error {
			cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=canonfuzz", "-c", "user.email=canonfuzz@localhost"}, args...)...)
			if out, err := cmd.CombinedOutput(); err != nil {
				return fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, out)
			}
			return nil
		}
		if err := git("init", "-q"); err != nil {
			return nil, 0, err
		}
		var marked []string
		for rel, ls := range lines {
			if filepath.Dir(filepath.Join(tree, rel)) != dir {
				continue
			}
			path := filepath.Join(tree, rel)
			src, err := os.ReadFile(path)
			if err != nil {
				return nil, 0, err
			}
			split := strings.Split(string(src), "\n")
			for _, l := range ls {
				split[l-1] += " // refusal line"
			}
			os.WriteFile(path, []byte(strings.Join(split, "\n")), 0o644)
			marked = append(marked, rel)
		}
		if err := git("add", "-A"); err != nil {
			return nil, 0, err
		}
		if err := git("commit", "-q", "-m", "refusal lines marked"); err != nil {
			return nil, 0, err
		}
		for _, rel := range marked {
			if err := copyFile(filepath.Join(root, rel), filepath.Join(tree, rel)); err != nil {
				return nil, 0, err
			}
		}
	}
	joined := &GremlinsOutput{}
	start := time.Now()
	for i, pkg := range g.Packages {
		out := filepath.Join(g.Work, fmt.Sprintf("gremlins-%d.json", i))
		args := append([]string{"unleash", "--diff", "HEAD", "--output", out}, gremlinsMutators...)
		if g.Coefficient > 0 {
			args = append(args, "--timeout-coefficient", strconv.Itoa(g.Coefficient))
		}
		if g.Workers > 0 {
			args = append(args, "--workers", strconv.Itoa(g.Workers))
		}
		bin, err := filepath.Abs(g.Binary)
		if err != nil {
			return nil, 0, err
		}
		// Pointed at the package by its absolute path (gremlins finds the
		// module root from it) and run from inside it (its git diff runs in
		// the working directory and must find the package's repository).
		dir := filepath.Join(tree, filepath.FromSlash(strings.TrimPrefix(pkg, "./")))
		cmd := exec.Command(bin, append(args, dir)...)
		cmd.Dir = dir
		var log bytes.Buffer
		cmd.Stdout, cmd.Stderr = &log, &log
		if g.Log != nil {
			g.Log("gremlins: %s", pkg)
		}
		if err := cmd.Run(); err != nil {
			return nil, 0, fmt.Errorf("gremlins %s: %v\n%s", pkg, err, tail(log.Bytes(), 2000))
		}
		if g.Log != nil {
			g.Log("%s", tail(log.Bytes(), 600))
		}
		res, err := ReadGremlins(out)
		if err != nil {
			return nil, 0, err
		}
		// gremlins names files relative to the directory it was pointed at.
		rel := strings.TrimPrefix(filepath.ToSlash(filepath.Clean(pkg)), "./")
		for i := range res.Files {
			res.Files[i].Filename = rel + "/" + filepath.ToSlash(res.Files[i].Filename)
		}
		joined.GoModule = res.GoModule
		joined.Files = append(joined.Files, res.Files...)
		joined.ElapsedTime += res.ElapsedTime
	}
	// Kept, so a correction can be redone without running gremlins again
	// (canonfuzz mutation gremlins --from).
	if data, err := json.MarshalIndent(joined, "", " "); err == nil {
		os.WriteFile(filepath.Join(g.Work, "gremlins.json"), data, 0o644)
	}
	return joined, time.Since(start), nil
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	info, err := os.Stat(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, info.Mode().Perm())
}
