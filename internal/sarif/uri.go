package sarif

import (
	"net/url"
	"path/filepath"
	"strings"
)

// URI is the artifactLocation.uri of a file (SARIF 2.1.0 section 3.4.3, a
// URI reference): its path relative to root with '/' and percent-escapes
// when it lies under root (what code scanning maps onto the repository),
// else an absolute file URI. A relative path is taken as relative to
// root; "" for root is the current directory.
func URI(root, path string) string {
	if !filepath.IsAbs(path) {
		return (&url.URL{Path: filepath.ToSlash(filepath.Clean(path))}).String()
	}
	if root == "" {
		root = "."
	}
	if abs, err := filepath.Abs(root); err == nil {
		rel, err := filepath.Rel(abs, path)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return (&url.URL{Path: filepath.ToSlash(rel)}).String()
		}
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}
