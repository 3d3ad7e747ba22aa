package oracle

import "runtime/debug"

// ModuleVersion is the version of the Go module at path linked into the
// running binary, read from its build information. Test binaries carry no
// dependency list, so pinned, the version go.mod requires, is returned when
// the build information does not name the module; each adapter's tests
// check its pinned constant against go.mod so the two cannot drift apart.
func ModuleVersion(path, pinned string) string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return pinned
	}
	for _, dep := range info.Deps {
		if dep.Path != path {
			continue
		}
		if r := dep.Replace; r != nil {
			if r.Version == "" {
				return "replaced by " + r.Path
			}
			return r.Version
		}
		return dep.Version
	}
	return pinned
}
