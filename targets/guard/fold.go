package guard

import (
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/canonfuzz/canonfuzz/targets/internal/jsonwire"
	"golang.org/x/text/unicode/norm"
)

// Member names read without case. Admission refuses two members of one
// name, so first-wins and last-wins parsers read a message alike; a third
// kind of parser matches member names to what it reads without case: Go's
// encoding/json decoding into a struct (mark3labs/mcp-go's servers; the Go
// MCP SDK until it turned the matching off), .NET's System.Text.Json with
// PropertyNameCaseInsensitive (ASP.NET's default), Jackson with
// ACCEPT_CASE_INSENSITIVE_PROPERTIES. To such a server "Method",
// "ARGUMENTS" or "argument\u017f" (U+017F, long s) is the member the guard
// reads under its exact name, or, beside it, a second one of which the
// last wins: a call the guard never checked. The guard refuses a message
// in which a member it reads has such an alias (the red-team pass of
// docs/GUARD.md): at the top level (jsonrpc, id, method, params), in the
// params of a tools/call (name, arguments, _meta), in its _meta (the
// provenance key, which the next guard reads), and in its arguments
// (every argument the chain constrains).

// foldRune is the class of r under every such matching: Go's (ASCII
// letters upper-cased, any other rune ToUpper(ToLower(r)), so U+212A
// Kelvin is K and U+0131 dotless i is I), then the smallest rune of its
// unicode.SimpleFold orbit (so that upper-casing or lower-casing alone,
// as .NET and Java do, lands in the same class). Coarser than any one of
// them, which refuses more, never less.
func foldRune(r rune) rune {
	if r < utf8.RuneSelf {
		if 'a' <= r && r <= 'z' {
			r -= 'a' - 'A'
		}
		return r
	}
	r = unicode.ToUpper(unicode.ToLower(r))
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return least
}

// appendNameKey appends the key under which the guard compares a member
// name s with the names it reads: the class (foldRune) of each rune of s's
// NFC form. Names canonically equivalent ("páth" and "pa\u0301th") are one
// name to a server comparing Swift Strings or to any reader normalizing
// names, as names differing in case are to one matching without case: the
// red-team pass 3 of docs/GUARD.md. An ASCII name is its own NFC form
// (no ASCII rune decomposes or composes), and a name already in NFC is
// not copied: only a name that is not pays for the normalization.
func appendNameKey(out []byte, s []byte) []byte {
	for _, c := range s {
		if c >= utf8.RuneSelf {
			if norm.NFC.QuickSpan(s) == len(s) {
				break // NFC already, as most names are (QuickSpan allocates nothing)
			}
			// a pooled norm.Iter: NFC.Bytes and IsNormal allocate their
			// reorder buffer, about 1 KB, for every name, and a name of
			// a few bytes must not cost a kilobyte
			// (TestDecideCostsASmallMultipleOfTheMessage)
			it := nfcIters.Get().(*norm.Iter)
			it.Init(norm.NFC, s)
			for !it.Done() {
				out = appendFolded(out, it.Next())
			}
			nfcIters.Put(it)
			return out
		}
	}
	return appendFolded(out, s)
}

// nfcIters are the iterators appendNameKey normalizes with.
var nfcIters = sync.Pool{New: func() any { return new(norm.Iter) }}

// appendFolded appends the class of each rune of s (foldRune).
func appendFolded(out []byte, s []byte) []byte {
	for len(s) > 0 {
		r, n := utf8.DecodeRune(s)
		out = utf8.AppendRune(out, foldRune(r))
		s = s[n:]
	}
	return out
}

// foldKey returns the folded form (appendNameKey: NFC, then foldRune) of
// the decoded name token tok, appended to buf (a name without an escape is
// folded without being decoded into a string of its own), and the decoded
// name; ok is false for a token that does not decode. The folded form ends
// at the name's first NUL (cString).
func foldKey(buf []byte, tok []byte) (key []byte, name []byte, ok bool) {
	if len(tok) < 2 {
		return nil, nil, false
	}
	body := tok[1 : len(tok)-1]
	for _, c := range body {
		if c == '\\' {
			s, ok := jsonwire.Unquote(tok)
			if !ok {
				return nil, nil, false
			}
			// Only an escape writes a NUL (admission refuses it raw).
			name := []byte(s)
			return appendNameKey(buf, cString(name)), name, true
		}
	}
	return appendNameKey(buf, body), body, true
}

// cString is s as a reader of C strings reads it: up to its first NUL.
// cJSON (DaveGamble/cJSON 1.7) decodes "\u0000" to a NUL byte and hands
// every name and string on as a C string, compared with strcmp, or without
// case by cJSON_GetObjectItem: to a server written with it "path\u0000" is
// "path", "method\u0000" is "method" and the method "tools/call\u0000x" is
// tools/call. The guard reads names and methods whole, so such a name is
// an alias (as one differing only in case is), and a method holding a NUL
// is refused (methodHoldsNUL): the red-team pass 2 of docs/GUARD.md.
func cString[S ~string | ~[]byte](s S) S {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return s[:i]
		}
	}
	return s
}

// aliasOf reports which of wants the name token tok is an alias of (a
// name equal to it once folded, up to its first NUL, and not equal to it
// as decoded), with the
// decoded name. An ASCII name without an escape is compared in place (the
// wants are ASCII: it folds to one only with its length and its letters,
// so most names part at their length or first byte); any other is folded
// by aliasOfFolded.
func aliasOf(tok []byte, wants *wantSet) (alias, bool) {
	if len(tok) < 2 || !wants.first[tok[1]] {
		return alias{}, false // most names: a first byte no want folds from
	}
	body, ascii := asciiBody(tok)
	if !ascii {
		return aliasOfFolded(tok, wants)
	}
	for _, w := range wants.names {
		if len(body) == len(w.name) && asciiEqualFold(body, w.name) && string(body) != w.name {
			return alias{name: string(body), of: w.name}, true
		}
	}
	return alias{}, false
}

// aliasOfFolded is aliasOf for a name that is not ASCII or has an escape.
//
//go:noinline
func aliasOfFolded(tok []byte, wants *wantSet) (alias, bool) {
	var buf [64]byte
	key, name, ok := foldKey(buf[:0], tok)
	if !ok {
		return alias{}, false
	}
	for _, w := range wants.names {
		if string(key) == w.folded && string(name) != w.name {
			return alias{name: string(name), of: w.name}, true
		}
	}
	return alias{}, false
}

// asciiBody returns the body of the name token tok when it is ASCII with
// no escape.
func asciiBody(tok []byte) ([]byte, bool) {
	if len(tok) < 2 {
		return nil, false
	}
	body := tok[1 : len(tok)-1]
	for _, c := range body {
		if c >= utf8.RuneSelf || c == '\\' {
			return nil, false
		}
	}
	return body, true
}

// asciiEqualFold reports whether the ASCII a and w are equal once their
// letters are upper-cased (foldRune on ASCII).
func asciiEqualFold(a []byte, w string) bool {
	for i := range a {
		if x, y := a[i], w[i]; x != y && (x|0x20 != y|0x20 || x|0x20 < 'a' || x|0x20 > 'z') {
			return false
		}
	}
	return true
}

// foldedName is a name with its folded form.
type foldedName struct{ name, folded string }

// wantSet is a few ASCII names the guard reads, folded, and the bytes a
// name token's body may begin with to be an alias of one of them: their
// first letters in both cases, an escape's backslash, and every byte of a
// rune that is not ASCII (U+212A folds to K, U+017F to S, U+0131 to I).
type wantSet struct {
	names []foldedName
	first [256]bool
}

func foldAll(names ...string) *wantSet {
	w := &wantSet{}
	for _, n := range names {
		w.names = append(w.names, foldedName{n, string(appendNameKey(nil, []byte(n)))})
		c := n[0]
		w.first[c] = true
		if 'a' <= c|0x20 && c|0x20 <= 'z' {
			w.first[c|0x20], w.first[c&^0x20] = true, true
		}
	}
	w.first['\\'] = true
	for c := utf8.RuneSelf; c < 256; c++ {
		w.first[c] = true
	}
	return w
}

// foldedNames is a set of names (the arguments a chain constrains) by
// their folded forms: up to eight, sorted, folded into arrays it holds (on
// its caller's stack: a call of a few arguments allocates nothing for
// them, TestDecideOfASmallCallCostsLittle), more in a map of each folded
// form to its names, sorted.
type foldedNames struct {
	first [256]bool // the first bytes of the folded names
	wants [8]string
	ends  [8]int
	n     int
	store [256]byte
	byKey map[string][]string
}

// newFoldedNames is names folded whole, once for the calls of a prepared
// check (extension.prepared).
func newFoldedNames(names map[string]bool) *foldedNames {
	f := &foldedNames{}
	f.initFirst(names)
	f.init(names)
	return f
}

// initFirst records the first byte of each name's folded form and, for a
// name beginning with a rune that is not ASCII, of its NFD form's: a name
// canonically equivalent to "Årea" may begin with the ASCII "A" of
// "A\u030area" (a string's ASCII first rune is its NFD form's first rune,
// so an ASCII name needs nothing more).
func (f *foldedNames) initFirst(names map[string]bool) {
	for n := range names {
		if n == "" {
			continue
		}
		r, _ := utf8.DecodeRuneInString(n)
		var buf [utf8.UTFMax]byte
		f.first[utf8.AppendRune(buf[:0], foldRune(r))[0]] = true
		if r >= utf8.RuneSelf {
			r, _ = utf8.DecodeRuneInString(norm.NFD.String(n))
			f.first[utf8.AppendRune(buf[:0], foldRune(r))[0]] = true
		}
	}
}

// skips reports whether the name token tok begins with an ASCII byte that
// no folded name begins with: it is neither one of the names nor an alias.
func (f *foldedNames) skips(tok []byte) bool {
	return len(tok) > 1 && tok[1] < utf8.RuneSelf && tok[1] != '\\' && !f.first[foldRune(rune(tok[1]))]
}

// init folds the names (after initFirst).
func (f *foldedNames) init(names map[string]bool) {
	if len(names) <= len(f.wants) {
		for name := range names {
			f.wants[f.n] = name
			f.n++
		}
		slices.Sort(f.wants[:f.n])
		folded := f.store[:0]
		for i, w := range f.wants[:f.n] {
			folded = appendNameKey(folded, []byte(w))
			f.ends[i] = len(folded)
		}
		if len(folded) <= len(f.store) {
			return
		}
		f.n = 0
	}
	f.byKey = make(map[string][]string, len(names))
	for n := range names {
		k := string(appendNameKey(nil, []byte(n)))
		f.byKey[k] = append(f.byKey[k], n)
	}
	for _, ns := range f.byKey {
		slices.Sort(ns)
	}
}

// aliasOf reports the first name of the set (in sorted order) that the
// name token tok is an alias of.
func (f *foldedNames) aliasOf(tok []byte) (alias, bool) {
	var buf [64]byte
	key, name, ok := foldKey(buf[:0], tok)
	if !ok {
		return alias{}, false
	}
	if f.byKey != nil {
		for _, w := range f.byKey[string(key)] {
			if string(name) != w {
				return alias{name: string(name), of: w}, true
			}
		}
		return alias{}, false
	}
	start := 0
	for i, w := range f.wants[:f.n] {
		if string(key) == string(f.store[start:f.ends[i]]) && string(name) != w {
			return alias{name: string(name), of: w}, true
		}
		start = f.ends[i]
	}
	return alias{}, false
}

// The names the guard reads at the top level of a message and in the
// params of a tools/call.
var (
	topNames    = foldAll("jsonrpc", "id", "method", "params")
	paramsNames = foldAll("name", "arguments", "_meta")
	idNames     = foldAll("id") // a server answer's id (replyID)
	// the provenance key in _meta, which a next guard reads
	provenanceNames = foldAll(ProvenanceKey)
)

// alias is a member name and the name the guard reads that it is an
// alias of.
type alias struct{ name, of string }
