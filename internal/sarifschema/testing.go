package sarifschema

import (
	"os"
	"testing"
)

// ReadOrFail is Read for a test: a log that is not SARIF 2.1.0 (or not one
// run) fails t, with the log shown.
func ReadOrFail(t testing.TB, data []byte) *Log {
	t.Helper()
	log, err := Read(data)
	if err != nil {
		t.Fatalf("not SARIF 2.1.0: %v\n%s", err, data)
	}
	return log
}

// ReadFileOrFail is ReadOrFail of the file at path; a file it cannot read
// fails t too.
func ReadFileOrFail(t testing.TB, path string) *Log {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return ReadOrFail(t, data)
}
