package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/canonfuzz/canonfuzz/internal/testdocs"
)

// pgoDocSize is the size of each testdocs document of the workload.
const pgoDocSize = 1 << 20

// pgoWorkload is the product's representative work, the source of
// default.pgo (scripts/pgo.sh, make pgo): every testdocs shape admitted,
// canonicalized and, as the arguments of a tools/call, digested, then one
// guard session through `canonfuzz guard -- cat` of those calls and small
// ones, each decided (SEP-3246 section 4). It is a map from file name to
// contents plus the command lines that read them, so scripts/pgo.sh can run
// the same work through the product binary (under callgrind) that
// BenchmarkPGOWorkload runs in process.
func pgoWorkload() (files map[string][]byte, runs [][]string) {
	files = map[string][]byte{"policy.json": []byte(guardPolicy)}
	var session bytes.Buffer
	for _, shape := range testdocs.Shapes {
		doc := testdocs.MustGenerate(shape, pgoDocSize)
		call := []byte(`{"jsonrpc":"2.0","id":"` + shape + `","method":"tools/call","params":{"name":"read_file","arguments":{"path":"/srv/acme/` +
			shape + `","content":` + string(doc) + `}}}`)
		files[shape+".json"], files[shape+"-call.json"] = doc, call
		runs = append(runs, []string{"admit", shape + ".json"}, []string{"canon", shape + ".json"}, []string{"digest", shape + "-call.json"})
		session.Write(call)
		session.WriteString("\n" + guardInside + "\n" + guardOutside + "\n" + guardDir + "\n" + guardPing + "\n")
	}
	files["session.jsonl"] = session.Bytes()
	runs = append(runs, []string{"guard", "--policy", "policy.json", "--component", "cli", "--absent", "originate", "--", "cat"})
	return files, runs
}

// BenchmarkPGOWorkload runs pgoWorkload in process: `go test -cpuprofile`
// of it is default.pgo. With PGO_WORKLOAD_DIR set it also writes the
// workload's files there and the command lines to commands.txt (one per
// line, the guard's reading session.jsonl on standard input) for
// scripts/pgo.sh's callgrind runs of the product binary.
func BenchmarkPGOWorkload(b *testing.B) {
	files, runs := pgoWorkload()
	dir := os.Getenv("PGO_WORKLOAD_DIR")
	if dir == "" {
		dir = b.TempDir()
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), body, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	var lines []string
	for _, args := range runs {
		lines = append(lines, strings.Join(args, " "))
	}
	if err := os.WriteFile(filepath.Join(dir, "commands.txt"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		for _, args := range runs {
			in := io.Reader(strings.NewReader(""))
			if args[0] == "guard" {
				in = bytes.NewReader(files["session.jsonl"])
			}
			abs := make([]string, len(args))
			for i, a := range args {
				if _, ok := files[a]; ok {
					a = filepath.Join(dir, a)
				}
				abs[i] = a
			}
			var errOut bytes.Buffer
			if code := run(abs, in, io.Discard, &errOut); code != exitOK {
				b.Fatalf("canonfuzz %s: exit %d: %s", strings.Join(args, " "), code, errOut.String())
			}
		}
	}
}
