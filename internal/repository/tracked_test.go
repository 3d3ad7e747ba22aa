package repository

import (
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// root is the top of the work tree.
func root(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatalf("git rev-parse: %v (the checks need git and the repository)", err)
	}
	return strings.TrimSpace(string(out))
}

// tracked lists the files git tracks, relative to the root.
func tracked(t *testing.T, dir string) []string {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	var files []string
	for _, f := range strings.Split(string(out), "\x00") {
		if f != "" {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		t.Fatal("git tracks no file: is this the repository?")
	}
	return files
}

// executable names the executable format whose magic head starts, or "".
// ELF (System V ABI), Mach-O (thin 32/64-bit either byte order, and fat),
// PE (an MZ header whose e_lfanew points at "PE\0\0").
func executable(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte("\x7fELF")):
		return "an ELF executable"
	case len(head) >= 4 && isMachO(binary.BigEndian.Uint32(head)):
		return "a Mach-O executable"
	case bytes.HasPrefix(head, []byte("MZ")) && len(head) >= 0x40:
		off := int(binary.LittleEndian.Uint32(head[0x3c:]))
		if off+4 <= len(head) && bytes.Equal(head[off:off+4], []byte("PE\x00\x00")) {
			return "a PE executable"
		}
	}
	return ""
}

func isMachO(magic uint32) bool {
	switch magic {
	case 0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, // thin, 32/64-bit, either byte order
		0xcafebabe, 0xbebafeca: // fat
		return true
	}
	return false
}

// TestNoBuildOutputIsTracked: no tracked file is an executable (the 7.3 MB
// ELF "corpus" a bare go build left at the root was committed once) or
// larger than MaxTrackedBytes unless largeFiles names it with a reason.
func TestNoBuildOutputIsTracked(t *testing.T) {
	dir := root(t)
	for _, rel := range tracked(t, dir) {
		path := filepath.Join(dir, rel)
		info, err := os.Lstat(path)
		if err != nil || !info.Mode().IsRegular() {
			continue // deleted in the work tree, or a symbolic link
		}
		if info.Size() > MaxTrackedBytes {
			if _, ok := largeFiles[rel]; !ok {
				t.Errorf("%s is %d bytes, more than %d: build output or a dump? (a data file that must be this large goes into largeFiles with its reason)", rel, info.Size(), MaxTrackedBytes)
			}
		}
		f, err := os.Open(path)
		if err != nil {
			t.Error(err)
			continue
		}
		head := make([]byte, 4096)
		n, err := io.ReadFull(f, head)
		f.Close()
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			t.Error(err)
			continue
		}
		if what := executable(head[:n]); what != "" {
			t.Errorf("%s is %s: build output is not committed (go build -o bin/...; .gitignore ignores bin/)", rel, what)
		}
	}
	for name := range largeFiles {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("largeFiles allows %s, which is not there", name)
		}
	}
}

// TestExecutableFormats: the magic numbers are read right, and text is no
// executable.
func TestExecutableFormats(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	head := make([]byte, 4096)
	f, err := os.Open(self)
	if err != nil {
		t.Fatal(err)
	}
	n, _ := io.ReadFull(f, head)
	f.Close()
	if executable(head[:n]) == "" {
		t.Errorf("the test binary %s is not recognized as an executable", self)
	}
	pe := make([]byte, 0x100)
	copy(pe, "MZ")
	binary.LittleEndian.PutUint32(pe[0x3c:], 0x80)
	copy(pe[0x80:], "PE\x00\x00")
	for _, c := range []struct {
		head []byte
		want bool
	}{
		{pe, true},
		{[]byte("\xcf\xfa\xed\xfe\x07\x00\x00\x01"), true},
		{[]byte("\xca\xfe\xba\xbe\x00\x00\x00\x02"), true},
		{[]byte("MZ is how a text may start, with no PE header behind it........................................"), false},
		{[]byte("package main\n"), false},
		{[]byte{}, false},
	} {
		if got := executable(c.head) != ""; got != c.want {
			t.Errorf("executable(%q) = %v, want %v", c.head[:min(len(c.head), 8)], got, c.want)
		}
	}
}
