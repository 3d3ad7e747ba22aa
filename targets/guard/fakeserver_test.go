package guard

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/targets/bound"
)

// fakeServerEnv makes the test binary a fake MCP server (see fakeServer)
// instead of running the tests.
const fakeServerEnv = "CANONFUZZ_GUARD_FAKE_SERVER"

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeServerEnv); mode != "" {
		os.Exit(fakeServer(mode))
	}
	code := m.Run()
	if benchmarkBuildDir != "" {
		os.RemoveAll(benchmarkBuildDir)
	}
	os.Exit(code)
}

// fakeServer is a stdio server for the proxy tests:
//
//	echo       answers every request it reads with the request itself as
//	           the result (echoLine), writes anything else back byte for byte
//	reverse:N  reads N lines, answers them last first, then echoes
//	exit:N     reads one line and exits with status N
//	tools      answers tools/list with a read_file whose path is a path, echoes the rest
//	big:N,M... writes one line of each length N, M, ... first, then echoes
//	raw        writes bytes that are not JSON and a last line without a newline, then exits
//	hang       reads to the end of its input and never exits
//	ack        answers every line with {"jsonrpc":"2.0","id":ID,"result":{}},
//	           ID read by the first "id": in the line (for benchmarks)
//	twice      answers every request twice, and once an id never asked
//	smuggle    writes lines with line ends inside, JSON and not, then exits
//	mute:W     never answers a request but a ping (as a server whose other
//	           requests never finish) and exits at the end of its input;
//	           sends notifications/cancelled naming an "x/cancel-me"
//	           request back (the server's direction); W=late answers each
//	           notifications/cancelled that names a string or number id
//	           with an error for it, late, as the Go SDK's server answers
//	           a cancelled call; W=silent answers none, as the TypeScript
//	           SDK's server (muteServer)
//	respell    answers every request with its id respelled as its shortest
//	           decimal, 1.0 as 1 (respellServer)
//	sdkecho    an MCP server built with the Go SDK whose tool echo answers
//	           at once (sdkEchoServe, for BenchmarkSDKLatency)
//	sdk:W:PATH an MCP server built with the Go SDK, its input copied to
//	           PATH; W=late answers a cancelled call, W=never does not
//	           (sdkServer)
//	relay:M    not a server: a null relay in front of this binary in mode M,
//	           with the guard's pipe I/O (nullRelay, for BenchmarkProxyLatency)
//	plainrelay:M the same relay with os.File's I/O
//	guard:M    not a server: guard.Proxy on this process's standard input
//	           and output in front of this binary in mode M, as `canonfuzz
//	           guard` runs it (guardProcess)
func fakeServer(mode string) int {
	name, arg, _ := strings.Cut(mode, ":")
	switch name {
	case "relay", "plainrelay":
		return nullRelay(name == "plainrelay", arg)
	case "guard":
		return guardProcess(arg)
	}
	n, _ := strconv.Atoi(arg)
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	out := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer out.Flush()
	switch name {
	case "echo":
	case "reverse":
		var lines [][]byte
		for range n {
			l, err := in.ReadBytes('\n')
			if err != nil {
				return 1
			}
			lines = append(lines, l)
		}
		for i := len(lines) - 1; i >= 0; i-- {
			out.Write(echoLine(lines[i]))
		}
		out.Flush()
	case "exit":
		in.ReadBytes('\n')
		return n
	case "big":
		head, tail := `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"`, `"}}`
		for _, f := range strings.Split(arg, ",") {
			size, _ := strconv.Atoi(f)
			out.WriteString(head + strings.Repeat("b", size-len(head)-len(tail)) + tail + "\n")
		}
		out.Flush()
	case "raw":
		out.WriteString("not json at all\r\n{\"a\":1,\"a\":2}\n\xff\xfe last line, no newline")
		return 0
	case "ack":
		for {
			l, err := in.ReadBytes('\n')
			if err != nil {
				return 0
			}
			id := []byte("null")
			if i := bytes.Index(l, []byte(`"id":`)); i >= 0 {
				rest := l[i+5:]
				if j := bytes.IndexAny(rest, ",}"); j >= 0 {
					id = rest[:j]
				}
			}
			out.WriteString(`{"jsonrpc":"2.0","id":`)
			out.Write(id)
			out.WriteString(`,"result":{}}` + "\n")
			if in.Buffered() == 0 {
				out.Flush()
			}
		}
	case "twice":
		out.WriteString(`{"jsonrpc":"2.0","id":999,"result":{}}` + "\n")
		for {
			l, err := in.ReadBytes('\n')
			if err != nil {
				return 0
			}
			out.Write(echoLine(l))
			out.Write(echoLine(l))
			out.Flush()
		}
	case "smuggle":
		out.WriteString("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"a\":\r{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}\r}}\n")
		out.WriteString("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"a\":\"\u2028\"}}\n")
		out.WriteString("not json\r{\"jsonrpc\":\"2.0\",\"id\":6,\"result\":{}}\n")
		out.WriteString("{\"a\":1}\r{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n")
		out.WriteString("after\n")
		return 0
	case "sdkecho":
		return sdkEchoServe()
	case "sdk":
		w, path, _ := strings.Cut(arg, ":")
		return sdkServer(w == "never", path)
	case "respell":
		return respellServer(in, out)
	case "mute":
		return muteServer(in, out, arg == "late")
	case "hang":
		io.Copy(io.Discard, in)
		time.Sleep(time.Hour)
	case "tools":
		for {
			l, err := in.ReadBytes('\n')
			if err != nil {
				return 0
			}
			if v, err := bound.ParseValue(bytes.TrimSpace(l)); err == nil && marshalAt(v, "method") == `"tools/list"` {
				fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"read_file","inputSchema":{"type":"object","properties":{"path":{"type":"string","format":"path"}}}}]}}`+"\n", marshalAt(v, "id"))
			} else {
				out.Write(echoLine(l))
			}
			out.Flush()
		}
	default:
		fmt.Fprintf(os.Stderr, "fake server: unknown mode %q\n", mode)
		return 2
	}
	for {
		l, err := in.ReadBytes('\n')
		out.Write(echoLine(l))
		out.Flush()
		if err != nil {
			return 0
		}
	}
}

// echoLine is the echo server's reply to one line: for a request (a method
// and an id) the response {"jsonrpc":"2.0","id":ID,"result":REQUEST}, with
// the request's bytes as they arrived; anything else unchanged.
func echoLine(l []byte) []byte {
	msg := bytes.TrimSuffix(l, []byte("\n"))
	v, err := bound.ParseValue(msg)
	if err != nil || v.Kind != bound.KindObject || marshalAt(v, "method") == "<absent>" || marshalAt(v, "id") == "<absent>" {
		return l
	}
	return fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,"result":%s}`+"\n", marshalAt(v, "id"), msg)
}

// unechoed is the request inside an echo server's response, with a
// newline, or the line itself when it is not such a response.
func unechoed(l []byte) []byte {
	v, err := bound.ParseValue(bytes.TrimSuffix(l, []byte("\n")))
	if err != nil || v.Kind != bound.KindObject {
		return l
	}
	r, ok := v.Get("result")
	if !ok || r.Kind != bound.KindObject {
		return l
	}
	if _, ok := r.Get("method"); !ok {
		return l
	}
	i := bytes.Index(l, []byte(`,"result":`))
	return append(append([]byte(nil), l[i+len(`,"result":`):len(l)-2]...), '\n')
}

// muteServer is the fake server's mute mode.
func muteServer(in *bufio.Reader, out *bufio.Writer, late bool) int {
	cancelled := []byte(MethodCancelled)
	for {
		l, err := in.ReadBytes('\n')
		if err != nil {
			return 0
		}
		if !late && bytes.Contains(l, cancelled) {
			continue // cheap: the bound test sends a million of them
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(l, &m) != nil {
			continue
		}
		var method string
		json.Unmarshal(m["method"], &method)
		id, hasID := m["id"]
		switch {
		case method == "ping":
			out.Write(echoLine(l))
		case method == "x/cancel-me":
			fmt.Fprintf(out, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%s,"reason":"the server's own"}}`+"\n", id)
		case late && method == MethodCancelled && !hasID:
			var p map[string]json.RawMessage // encoding/json's structs match names in any case
			json.Unmarshal(m["params"], &p)
			if rid := p["requestId"]; len(rid) > 0 && strings.ContainsRune(`"-0123456789`, rune(rid[0])) {
				fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32800,"message":"request cancelled"}}`+"\n", rid)
			}
		}
		if in.Buffered() == 0 {
			out.Flush()
		}
	}
}
