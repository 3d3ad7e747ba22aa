package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Red-team pass 4 (docs/GUARD.md), class "files that hang the guard": a
// file the guard reads before it starts the server (--policy, --tools) or
// opens for its audit log (--audit) blocked it for ever when it was a FIFO
// with no writer (open(2) for reading waits for one; for writing, for a
// reader) or whose writer never closes, and a device such as /dev/zero
// was read to the 20 MiB cap. Each is now refused with exit 2 and a typed
// message before the server starts, within ten times the guard's own
// waiting time (configReadTimeout, lowered here; CI machines are loaded);
// a pipe with its writer (`--policy <(cat p.json)`) keeps working.
func TestGuardCommandRefusesFilesThatWouldHangIt(t *testing.T) {
	old := configReadTimeout
	t.Cleanup(func() { configReadTimeout = old })
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy, "tools.json": `{"tools":[]}`})
	p := func(n string) string { return filepath.Join(dir, n) }
	fifo := func(name string) string {
		if err := syscall.Mkfifo(p(name), 0o600); err != nil {
			t.Fatal(err)
		}
		return p(name)
	}
	// a FIFO whose writer (this test, O_RDWR: a reader and a writer that
	// never closes) wrote a policy and stays
	stuck := fifo("stuck")
	w, err := os.OpenFile(stuck, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.WriteString(guardPolicy); err != nil {
		t.Fatal(err)
	}
	// a FIFO whose writer never ends: read to the cap, not for ever
	endless := fifo("endless")
	ew, err := os.OpenFile(endless, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		b := []byte(strings.Repeat(" ", 64<<10))
		for {
			if _, err := ew.Write(b); err != nil {
				return
			}
		}
	}()
	defer ew.Close()
	marker := p("started")
	server := []string{"--", "sh", "-c", "touch " + marker + "; cat"}
	args := func(extra ...string) []string {
		return append(append([]string{"guard", "--component", "cli", "--absent", "originate"}, extra...), server...)
	}
	for _, c := range []struct {
		name string
		args []string
		want error
	}{
		{"--policy a FIFO with no writer", args("--policy", fifo("nowriter")), errNoWriter},
		{"--tools a FIFO with no writer", args("--policy", p("policy.json"), "--tools", fifo("nowriter-tools")), errNoWriter},
		{"--policy a FIFO whose writer never closes", args("--policy", stuck), errConfigTimeout},
		{"--policy a directory", args("--policy", dir), errNotAFile},
		{"--tools a directory", args("--policy", p("policy.json"), "--tools", dir), errNotAFile},
		{"--policy /dev/zero", args("--policy", "/dev/zero"), errNotAFile},
		{"--tools /dev/zero", args("--policy", p("policy.json"), "--tools", "/dev/zero"), errNotAFile},
		// reading 20 MiB must not race the lowered waiting time on a
		// loaded machine: this case waits the default
		{"--policy a pipe without end", args("--policy", endless), errInputTooLarge},
		{"--audit a FIFO with no reader", args("--policy", p("policy.json"), "--audit", fifo("noreader")), errNoReader},
	} {
		os.Remove(marker)
		configReadTimeout = 300 * time.Millisecond
		if errors.Is(c.want, errInputTooLarge) {
			configReadTimeout = old
		}
		type result struct {
			code           int
			stdout, stderr string
		}
		done := make(chan result, 1)
		start := time.Now()
		go func() {
			code, out, errOut := runCmd(t, guardPing+"\n", c.args...)
			done <- result{code, out, errOut}
		}()
		var r result
		select {
		case r = <-done:
		case <-time.After(10 * configReadTimeout):
			t.Errorf("%s: the guard still waits after %v (ten times its own waiting time)", c.name, 10*configReadTimeout)
			continue
		}
		_, err := os.Stat(marker)
		if r.code != exitUsage || err == nil || !strings.Contains(r.stderr, "canonfuzz guard: ") {
			t.Errorf("%s: exit %d (want %d), the server started %v, stderr %q", c.name, r.code, exitUsage, err == nil, r.stderr)
		}
		var msg string
		switch {
		case errors.Is(c.want, errNoWriter), errors.Is(c.want, errConfigTimeout), errors.Is(c.want, errNotAFile), errors.Is(c.want, errNoReader):
			msg = c.want.Error()
		case errors.Is(c.want, errInputTooLarge):
			msg = "the size cap"
		}
		if !strings.Contains(r.stderr, msg) {
			t.Errorf("%s: stderr %q, want the refusal %q", c.name, r.stderr, msg)
		}
		t.Logf("%s: %v: %s", c.name, time.Since(start).Round(time.Millisecond), strings.SplitN(r.stderr, "\n", 2)[0])
	}
}

// readConfigFile's errors are typed: errors.Is finds the class.
func TestReadConfigFileErrorsAreTyped(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f")
	if err := syscall.Mkfifo(f, 0o600); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]error{f: errNoWriter, dir: errNotAFile, "/dev/zero": errNotAFile} {
		_, err := readConfigFile(name, 1<<20)
		var ce *configFileError
		if !errors.Is(err, want) || !errors.As(err, &ce) || ce.Name != name {
			t.Errorf("%s: %v, want a *configFileError of %v", name, err, want)
		}
	}
}

// Pipes with their writer keep working, in the guard as a process started
// by bash: process substitution for --policy and --tools (the writer may
// be slow, within the waiting time) and for --audit (a reader), and the
// policy from a pipe made by this test (/dev/fd/N).
func TestGuardProcessReadsPipesWithTheirWriter(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy, "tools.json": `{"tools":[]}`})
	audit := filepath.Join(dir, "audit.log")
	refused := `"id":2,"error":{"code":-32001,`
	for _, c := range []struct{ name, script, id2 string }{
		{"--policy <(cat)", `exec "$0" guard --policy <(cat policy.json) --component cli --absent originate -- cat`, refused},
		{"--policy <(slow writer)", `exec "$0" guard --policy <(sleep 0.3; cat policy.json) --component cli --absent originate -- cat`, refused},
		{"--tools <(cat)", `exec "$0" guard --policy policy.json --tools <(cat tools.json) --component cli --absent originate -- cat`, refused},
		// audit mode: the violation is forwarded (cat echoes it) and logged
		{"--audit >(cat)", `exec "$0" guard --policy policy.json --audit >(cat > audit.log) --component cli --absent originate -- cat`, `"id":2,"method":"tools/call"`},
	} {
		cmd := exec.Command("bash", "-c", c.script, os.Args[0])
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), runMainEnv+"=1")
		cmd.Stdin = strings.NewReader(guardInside + "\n" + guardOutside + "\n")
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("%s: %v (stderr %s)", c.name, err, stderrOf(err))
			continue
		}
		// cat echoes what the server read: the call of id 1 forwarded
		if !strings.Contains(string(out), `"id":1,"method":"tools/call"`) || !strings.Contains(string(out), c.id2) {
			t.Errorf("%s: the client read %q, want the call of id 1 forwarded and %s", c.name, out, c.id2)
		}
	}
	// --audit >(cat): the violation of id 2, forwarded in audit mode
	deadline := time.Now().Add(10 * time.Second)
	for {
		b, _ := os.ReadFile(audit)
		if strings.Contains(string(b), `"id":2`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the audit log through >(cat) holds %q, want the violation of id 2", b)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// a pipe this test made, its writer closed after the policy
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := w.WriteString(guardPolicy); err != nil {
		t.Fatal(err)
	}
	w.Close()
	code, out, errOut := runCmd(t, guardInside+"\n", "guard", "--policy", "/dev/fd/"+strconv.Itoa(int(r.Fd())), "--component", "cli", "--absent", "originate", "--", "cat")
	if code != 0 || !strings.Contains(out, `"id":1,"method":"tools/call"`) {
		t.Errorf("--policy /dev/fd/N of a pipe: exit %d, out %q, stderr %q", code, out, errOut)
	}
}

func stderrOf(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return string(ee.Stderr)
	}
	return ""
}

// Red-team pass 4, class "a policy that names a NUL": `canonfuzz guard`
// accepted `[{"tool":"read_file\u0000"}]`, a rule on read_file to a server
// reading C strings. A policy or a tools file holding U+0000 in a string
// the guard reads is now refused, exit 2 with the string's JSON pointer,
// before the server starts.
func TestGuardCommandRefusesAPolicyNamingANUL(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"policy.json":      guardPolicy,
		"tool.json":        `[{"tool":"read_file\u0000"}]`,
		"arg.json":         `[{"tool":"read_file","args":{"path\u0000":{"prefix":"/srv/acme/"}}}]`,
		"value.json":       `[{"tool":"read_file","args":{"path":{"in":["/srv/acme/a","/srv/acme/b\u0000"]}}}]`,
		"prefix.json":      `[{"tool":"read_file","args":{"path":{"and":[{"prefix":"/srv/acme\u0000/"}]}}}]`,
		"tools-name.json":  `{"tools":[{"name":"read_file\u0000","inputSchema":{"properties":{"path":{"format":"path"}}}}]}`,
		"tools-arg.json":   `{"tools":[{"name":"read_file","inputSchema":{"properties":{"path\u0000":{"format":"path"}}}}]}`,
		"tools-clean.json": `{"tools":[{"name":"read_file","inputSchema":{"properties":{"path":{"format":"path"}}}}]}`,
	})
	p := func(n string) string { return filepath.Join(dir, n) }
	marker := p("started")
	for _, c := range []struct {
		name    string
		args    []string
		pointer string
	}{
		{"a tool name", []string{"--policy", p("tool.json")}, `"/0/tool"`},
		{"an argument name", []string{"--policy", p("arg.json")}, `"/0/args/path\x00"`},
		{"an in value", []string{"--policy", p("value.json")}, `"/0/args/path/in/1"`},
		{"a prefix inside and", []string{"--policy", p("prefix.json")}, `"/0/args/path/and/0/prefix"`},
		{"a tools file's tool name", []string{"--policy", p("policy.json"), "--tools", p("tools-name.json")}, `"/tools/0/name"`},
		{"a tools file's argument name", []string{"--policy", p("policy.json"), "--tools", p("tools-arg.json")}, `"/tools/0/inputSchema/properties/path\x00"`},
		{"clean (the server starts)", []string{"--policy", p("policy.json"), "--tools", p("tools-clean.json")}, ""},
	} {
		os.Remove(marker)
		args := append(append([]string{"guard", "--component", "cli", "--absent", "originate"}, c.args...), "--", "sh", "-c", "touch "+marker+"; cat")
		code, _, errOut := runCmd(t, guardPing+"\n", args...)
		_, err := os.Stat(marker)
		if c.pointer == "" {
			if code != 0 || err != nil {
				t.Errorf("%s: exit %d, started %v: %s", c.name, code, err == nil, errOut)
			}
			continue
		}
		if code != exitUsage || err == nil || !strings.Contains(errOut, "holds U+0000") || !strings.Contains(errOut, c.pointer) {
			t.Errorf("%s: exit %d (want %d), the server started %v, stderr %q; want the NUL refused at %s", c.name, code, exitUsage, err == nil, errOut, c.pointer)
		}
	}
}

// The same class, the guard's own log: `--policy /dev/stderr` (or
// /dev/fd/2, /proc/self/fd/2) when standard error is a pipe opens that
// pipe for reading, whose writer is the guard itself: it read its own log
// lines as a policy, and waited for ever (since f2497b0, for the 10 s
// deadline) for an end that never comes. A file the guard reads that is
// its standard error is now refused at once (errOwnLog), as its standard
// input and output are; --audit may still name it (it writes there).
func TestGuardProcessRefusesItsOwnStderrAsAPolicy(t *testing.T) {
	dir := writeFiles(t, map[string]string{"policy.json": guardPolicy})
	for _, c := range []struct{ name, flag, path string }{
		{"--policy /dev/stderr", "--policy", "/dev/stderr"},
		{"--policy /dev/fd/2", "--policy", "/dev/fd/2"},
		{"--tools /proc/self/fd/2", "--tools", "/proc/self/fd/2"},
	} {
		args := []string{"guard", "--component", "cli", "--absent", "originate"}
		if c.flag == "--tools" {
			args = append(args, "--policy", filepath.Join(dir, "policy.json"))
		}
		args = append(args, c.flag, c.path, "--", "cat")
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), runMainEnv+"=1")
		cmd.Stdin = strings.NewReader(guardPing + "\n")
		errR, errW, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = errW
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		errW.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			errR.SetReadDeadline(time.Now().Add(time.Second))
			b := make([]byte, 4096)
			n, _ := errR.Read(b)
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != exitUsage || !strings.Contains(string(b[:n]), errOwnLog.Error()) {
				t.Errorf("%s: %v, stderr %q; want exit %d, refused as the guard's log", c.name, err, b[:n], exitUsage)
			}
		case <-time.After(5 * time.Second): // less than the pipe deadline: refused at once, not timed out
			cmd.Process.Kill()
			<-done
			t.Errorf("%s: the guard still runs after 5 s: it reads its own standard error", c.name)
		}
		errR.Close()
	}
}
