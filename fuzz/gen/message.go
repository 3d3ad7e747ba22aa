package gen

import (
	"fmt"
	"strings"
)

// Message is a raw JSON-RPC message from an MCP client, written as text so
// that it can carry what a value tree cannot: two members of one name,
// escaped spellings of member names, lone surrogates, bytes that are not
// UTF-8, trailing commas.
type Message struct {
	Text []byte
	Flaw string // what was planted, "" for a plain message
}

// GuardPolicy is the bound the guard under test confers, and GuardChain
// the inbound chain a message carries when it carries one: the host's
// bound and a planner's narrower one. GuardBroadChain is the chain a
// hostile message shows to one reading and hides from another: it
// confers every tool unconstrained.
const (
	GuardPolicy = `[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}},` +
		`{"tool":"create_issue","args":{"repo":{"in":["acme/app","acme/docs"]}}}]`
	GuardChain = `{"v":1,"chain":[{"component":"host","bound":` + GuardPolicy + `},` +
		`{"component":"planner","bound":[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/x/"}}},` +
		`{"tool":"create_issue","args":{"repo":{"eq":"acme/app"}}}]}]}`
	GuardBroadChain = `{"v":1,"chain":[{"component":"host","bound":[{"tool":"read_file"},{"tool":"create_issue"},{"tool":"delete_repo"}]}]}`
)

// The tools and argument values a message draws from: inside is within
// GuardPolicy and GuardChain, outside is not, for read_file's path or
// create_issue's repo.
var (
	insidePaths  = []string{"/srv/acme/x/a.txt", "/srv/acme/x/./b", "/srv/acme/x/y/../z", "/srv/acme/x//c"}
	outsidePaths = []string{"/etc/passwd", "/srv/acme/x/../../../etc/passwd", "/srv/acme-secrets/k", "/srv/acme/y", "/srv/acme/x/%2e%2e/%2e%2e/k", "/srv/acme/x/b%2F..%2F..%2Fk"}
	insideRepos  = []string{"acme/app", "acme/./app"}
	outsideRepos = []string{"acme/docs", "acme/secrets", "evil/app", "acme/app/.."}
	otherMethods = []string{"ping", "tools/list", "tools/Call", "notifications/cancelled", "resources/read"}
)

// flaws a message can carry; each is one reading of the message that
// another reading does not share.
var messageFlaws = []string{"", "", "duplicate name", "duplicate arguments", "duplicate params",
	"duplicate method", "duplicate _meta", "duplicate provenance", "duplicate argument",
	"duplicate chain", "lone surrogate", "invalid UTF-8", "trailing comma", "escaped names", "jsonrpc version", "params not an object",
	"provenance past cap", argumentsPastCap, "call of another shape", "empty chain"}

// capFlaws are the flaws that build a document past ValueCap, each with
// the one draw in how many of it that plants it (the rest are plain
// messages): such a message costs every reader of it a pass over 64 Ki
// values (pastCapOdds, argumentsPastCapOdds).
var capFlaws = map[string]int{"provenance past cap": pastCapOdds, argumentsPastCap: argumentsPastCapOdds}

// jsonrpcVersions are the values of jsonrpc a message with that flaw
// carries: JSON-RPC 2.0 is "2.0", the string, and nothing else.
var jsonrpcVersions = []string{`"1.0"`, `2.0`, `"2.0 "`, `"2"`, `null`}

// paramsValues are the params a message with the flaw "params not an
// object" carries ("" leaves params out): a tools/call's params are an
// object with the call.
var paramsValues = []string{"", `null`, `[]`, `"read_file"`, `1`, `[{"name":"read_file"}]`}

// GenerateMessage turns data into one client message: mostly tools/call
// requests for read_file or create_issue with arguments inside or outside
// the bound, with or without GuardChain, sometimes another method or a
// response; a flaw drawn from messageFlaws is planted in it. Like
// Generate, it never fails.
func GenerateMessage(data []byte) Message {
	s := newSource(data)
	w := &messageWriter{s: s, flaw: messageFlaws[s.intn(len(messageFlaws))]}
	if odds := capFlaws[w.flaw]; odds > 0 && s.intn(odds) != 0 {
		w.flaw = "" // past the cap on request only: it costs a reader 64 Ki values
	}
	return Message{Text: []byte(w.message()), Flaw: w.flaw}
}

// GenerateCapMessage turns data into a tools/call past ValueCap on every
// draw: its provenance or its constrained argument one value past the cap
// (capFlaws), which GenerateMessage plants only one draw in 16 or 64 of
// their flaws, for the fuzz target that reads only such messages
// (FuzzDecideAtValueCap), as FuzzMeetBoundsAtCap does for the meet's caps.
// Like Generate, it never fails.
func GenerateCapMessage(data []byte) Message {
	s := newSource(data)
	flaw := "provenance past cap"
	if s.bool() {
		flaw = argumentsPastCap
	}
	w := &messageWriter{s: s, flaw: flaw, call: true}
	return Message{Text: []byte(w.message()), Flaw: w.flaw}
}

// messageWriter writes one message with its flaw.
type messageWriter struct {
	s       *source
	flaw    string
	escapes bool // member names get escaped spellings
	call    bool // a tools/call request, never another method or a response
}

func (w *messageWriter) message() string {
	w.escapes = w.flaw == "escaped names" || w.s.intn(4) == 0
	id := w.id()
	shape := w.s.intn(8)
	if w.call {
		shape = 2
	}
	switch shape {
	case 0: // another method, relayed
		return w.object(w.m("jsonrpc", `"2.0"`), w.m("id", id), w.method(otherMethods[w.s.intn(len(otherMethods))]),
			w.m("params", "{}"))
	case 1: // a response to a server request
		return w.object(w.m("jsonrpc", `"2.0"`), w.m("id", id), w.m("result", "{}"))
	}
	version := `"2.0"`
	if w.flaw == "jsonrpc version" {
		version = jsonrpcVersions[w.s.intn(len(jsonrpcVersions))]
	}
	if w.flaw == "params not an object" {
		members := []string{w.m("jsonrpc", version), w.m("id", id), w.method("tools/call")}
		if p := paramsValues[w.s.intn(len(paramsValues))]; p != "" {
			members = append(members, w.m("params", p))
		}
		return w.object(members...)
	}
	if w.flaw == "call of another shape" {
		return w.oddCall(version, id)
	}
	return w.object(w.m("jsonrpc", version), w.m("id", id), w.method("tools/call"), w.m("params", w.params()))
}

// oddIDs are the ids a message draws in place of the numbers 90 to 99
// (20 byte values of 256) when it is no cap message: a request's id is a
// string or a number (JSON-RPC 2.0 section 4) and not null (MCP
// 2025-06-18, basic "Requests", red-team pass 4), and a string id holding
// a NUL is another id to a reader of C strings (red-team pass 3); a
// response the client sends may carry any of them.
var oddIDs = []string{`null`, `"a"`, `"null"`, `"a\u0000b"`, `true`, `[]`, `[null]`, `{"id":null}`, `1.5`, `-0`}

// id draws the message's id: a number below 100, or one of oddIDs in place
// of the last ten unless the message is a cap message (w.call), whose
// call must be read to reach its cap.
func (w *messageWriter) id() string {
	n := w.s.intn(100)
	if i := n - (100 - len(oddIDs)); i >= 0 && !w.call {
		return oddIDs[i]
	}
	return fmt.Sprint(n)
}

// oddNames and oddArguments are the name and arguments a call of another
// shape carries: a tools/call's name is a string and its arguments, when
// present, an object (MCP's CallToolRequest).
var (
	oddNames     = []string{"", `1`, `null`, `{"name":"read_file"}`, `["read_file"]`}
	oddArguments = []string{`[]`, `"/srv/acme/x/a.txt"`, `null`, `1`, `[{"path":"/srv/acme/x/a.txt"}]`}
)

// oddCall writes a tools/call of another shape than a call: without an id
// (a notification, which no answer can reach), with a name that is not a
// string or none, or with arguments that are not an object. Each is
// answered, never forwarded, and the guard and its twin must say so
// alike.
func (w *messageWriter) oddCall(version, id string) string {
	name, args := w.m("name", quote("read_file")), w.m("arguments", `{"path":"/srv/acme/x/a.txt"}`)
	members := []string{w.m("jsonrpc", version)}
	switch w.s.intn(3) {
	case 0:
		// no id
	case 1:
		members = append(members, w.m("id", id))
		if n := oddNames[w.s.intn(len(oddNames))]; n == "" {
			name = ""
		} else {
			name = w.m("name", n)
		}
	default:
		members = append(members, w.m("id", id))
		args = w.m("arguments", oddArguments[w.s.intn(len(oddArguments))])
	}
	params := []string{args}
	if name != "" {
		params = append([]string{name}, params...)
	}
	if w.s.bool() {
		params = append(params, w.m("_meta", w.meta()))
	}
	return w.object(append(members, w.method("tools/call"), w.m("params", w.object(params...)))...)
}

// params writes name, arguments and perhaps _meta, with a duplicate of
// one of them when that is the flaw.
func (w *messageWriter) params() string {
	tool, in := "read_file", w.s.bool()
	if w.s.bool() {
		tool = "create_issue"
	}
	members := []string{w.m("name", quote(tool)), w.m("arguments", w.arguments(tool, in))}
	if w.flaw == "provenance past cap" || w.flaw == "empty chain" || w.s.bool() {
		members = append(members, w.m("_meta", w.meta()))
	}
	switch w.flaw {
	case "duplicate name":
		members = w.twin(members, 0, w.m("name", quote([]string{"delete_repo", "read_file", "create_issue"}[w.s.intn(3)])))
	case "duplicate arguments":
		members = w.twin(members, 1, w.m("arguments", w.arguments(tool, !in)))
	case "duplicate _meta":
		members = w.twin(members, len(members), w.m("_meta", w.object(w.m("io.noescalation/provenance", GuardBroadChain))))
	case "duplicate params":
		return w.object(members...) + "," + w.m("params", w.object(w.m("name", quote(tool)), w.m("arguments", w.arguments(tool, !in))))
	}
	return w.object(members...)
}

// arguments writes the one constrained argument of tool, inside the bound
// or not, with a twin of the other kind when that is the flaw, or an array
// past ValueCap values when that is the flaw.
func (w *messageWriter) arguments(tool string, in bool) string {
	arg, pick := "path", func(in bool) string {
		if in {
			return insidePaths[w.s.intn(len(insidePaths))]
		}
		return outsidePaths[w.s.intn(len(outsidePaths))]
	}
	if tool == "create_issue" {
		arg, pick = "repo", func(in bool) string {
			if in {
				return insideRepos[w.s.intn(len(insideRepos))]
			}
			return outsideRepos[w.s.intn(len(outsideRepos))]
		}
	}
	value := quote(pick(in))
	switch w.flaw {
	case argumentsPastCap:
		value = pastCapArgument()
	case "lone surrogate":
		value = value[:len(value)-1] + []string{`\ud800`, `\udfff`, `\ud83dx`}[w.s.intn(3)] + `"`
	case "invalid UTF-8":
		value = value[:len(value)-1] + []string{"\xff", "\xed\xa0\x80", "\xc0\xaf"}[w.s.intn(3)] + `"`
	}
	members := []string{w.m(arg, value)}
	if w.flaw == "duplicate argument" {
		members = w.twin(members, 0, w.m(arg, quote(pick(!in))))
	}
	return w.object(members...)
}

// meta writes _meta with GuardChain, or with a chain one reading sees and
// another does not when that is the flaw.
func (w *messageWriter) meta() string {
	chain := GuardChain
	switch w.flaw {
	case "duplicate provenance":
		return w.object(w.twin([]string{w.m("io.noescalation/provenance", chain)}, w.s.intn(2),
			w.m("io.noescalation/provenance", GuardBroadChain))...)
	case "duplicate chain":
		broad := strings.TrimPrefix(strings.TrimSuffix(GuardBroadChain, "}"), `{"v":1,`)
		if w.s.bool() {
			chain = `{"v":1,` + broad + strings.TrimPrefix(chain, `{"v":1`) // broad first
		} else {
			chain = strings.TrimSuffix(chain, "}") + "," + broad + "}" // broad last
		}
	case "provenance past cap":
		chain = pastCapChain()
	case "empty chain":
		// Section 3.1: an empty chain confers nothing; extended by the
		// guard's own hop it must not become a chain of that hop alone.
		chain = `{"v":1,"chain":[]}`
	}
	return w.object(w.m("io.noescalation/provenance", chain), w.m("progressToken", "1"))
}

// method writes the method member, with a twin naming the other side of
// tools/call when that is the flaw.
func (w *messageWriter) method(name string) string {
	m := w.m("method", quote(name))
	if w.flaw != "duplicate method" {
		return m
	}
	other := "tools/call"
	if name == other {
		other = "ping"
	}
	if w.s.bool() {
		return m + "," + w.m("method", quote(other))
	}
	return w.m("method", quote(other)) + "," + m
}

// twin inserts member at i of members, or one place later on a coin
// flip, so the twin comes before or after the member it doubles.
func (w *messageWriter) twin(members []string, i int, member string) []string {
	if w.s.bool() {
		i = min(i+1, len(members))
	}
	i = min(i, len(members))
	return append(members[:i:i], append([]string{member}, members[i:]...)...)
}

// object writes {members}, with a trailing comma one time in three when
// that is the flaw.
func (w *messageWriter) object(members ...string) string {
	text := "{" + strings.Join(members, ",")
	if w.flaw == "trailing comma" && len(members) > 0 && w.s.intn(3) == 0 {
		text += ","
	}
	return text + "}"
}

// m writes one member, its name perhaps spelled with an escape ("n\u0061me").
func (w *messageWriter) m(name, value string) string {
	q := quote(name)
	if w.escapes && len(name) > 1 && w.s.bool() {
		i := 1 + w.s.intn(len(name)-1)
		q = `"` + name[:i] + fmt.Sprintf(`\u%04x`, name[i]) + name[i+1:] + `"`
	}
	return q + ":" + value
}

// quote writes s as a JSON string; the inputs here need no escapes.
func quote(s string) string { return `"` + s + `"` }
