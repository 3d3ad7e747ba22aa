// Package repository holds the checks of the repository as a whole, in
// its tests: what git tracks (no build output, no file of more than
// MaxTrackedBytes but the data files allowed by name) and what the GitHub
// workflows promise (every action pinned by commit, the tests on every
// push and pull request with Go and npm caches, the SARIF logs uploaded to
// code scanning with the permission that takes). The tests beside the
// code they hold to the workflows (fuzz/gofuzz, mutation) check the rest.
package repository

// MaxTrackedBytes is the largest file git may track without a reason in
// largeFiles: a source file, a vector or a report is far smaller, a
// binary or a corpus dump is not.
const MaxTrackedBytes = 2 << 20

// largeFiles are the tracked files allowed past MaxTrackedBytes, each with
// its reason. None is, today.
var largeFiles = map[string]string{}
