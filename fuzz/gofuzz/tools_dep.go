//go:build tools

package gofuzz

// go-fuzz-build links github.com/dvyukov/go-fuzz/go-fuzz-dep into every
// build, from the module it builds, so go.mod must require
// github.com/dvyukov/go-fuzz although no package imports it. This import,
// in a file no build includes (nothing sets the tools tag), keeps go mod
// tidy from dropping the requirement.
import _ "github.com/dvyukov/go-fuzz/go-fuzz-dep"
