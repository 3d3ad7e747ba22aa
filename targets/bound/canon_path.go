package bound

import "strings"

// normalizeHierarchical applies section 3.2.2 step 3 to a path or a URI
// reference: the scheme and authority of a URI (RFC 3986 section 3) are
// kept as written, and so are a query and a fragment; the path between them
// has its "." and ".." segments resolved (RFC 3986 section 5.2.4), repeated
// separators collapsed and a trailing separator removed. A ".." with
// nothing left to remove climbs above the root and is refused.
func normalizeHierarchical(s string) (string, error) {
	head, path, tail := splitURI(s)
	p, err := normalizePath(path)
	if err != nil {
		return "", err
	}
	if head != "" && p != "" && p[0] != '/' && strings.Contains(head, "//") {
		// An authority is followed by an absolute path or none (RFC 3986
		// section 3.3); a relative one would fuse with the host.
		return "", notCanonical("relative path after an authority")
	}
	return head + p + tail, nil
}

// splitURI splits s into scheme and authority, path, and query with
// fragment. A string without a scheme and authority is all path, so a plain
// file path is split as ("", path, "") unless it has a '?' or '#'.
func splitURI(s string) (head, path, tail string) {
	rest := s
	if i := schemeEnd(s); i > 0 {
		head, rest = s[:i+1], s[i+1:]
	}
	if strings.HasPrefix(rest, "//") && head != "" {
		end := len(rest)
		if j := strings.IndexAny(rest[2:], "/?#"); j >= 0 {
			end = j + 2
		}
		head, rest = head+rest[:end], rest[end:]
	}
	if head == "" {
		return "", rest, ""
	}
	if j := strings.IndexAny(rest, "?#"); j >= 0 {
		return head, rest[:j], rest[j:]
	}
	return head, rest, ""
}

// schemeEnd returns the index of the ':' ending an RFC 3986 scheme
// (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )) of at least two characters,
// or -1; one letter followed by ':' is a drive letter, not a scheme.
func schemeEnd(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case c == ':' && i >= 2:
			return i
		default:
			return -1
		}
	}
	return -1
}

// normalizePath resolves dot segments, collapses repeated separators and
// removes a trailing one. "/" stays "/"; a relative path whose segments all
// cancel is ".".
func normalizePath(p string) (string, error) {
	if p == "" {
		return "", nil
	}
	abs := p[0] == '/'
	var stack []string
	for _, seg := range strings.Split(p, "/") {
		switch seg {
		case "", ".":
		case "..":
			if len(stack) == 0 {
				return "", notCanonical("%q climbs above its root", p)
			}
			stack = stack[:len(stack)-1]
		default:
			stack = append(stack, seg)
		}
	}
	joined := strings.Join(stack, "/")
	switch {
	case abs:
		return "/" + joined, nil
	case joined == "":
		return ".", nil
	}
	return joined, nil
}
