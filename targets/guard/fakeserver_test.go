package guard

import (
	"bufio"
	"bytes"
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
	os.Exit(m.Run())
}

// fakeServer is a stdio server for the proxy tests:
//
//	echo       writes every line it reads back, byte for byte
//	reverse:N  reads N lines, writes them back last first, then echoes
//	exit:N     reads one line and exits with status N
//	tools      answers tools/list with a read_file whose path is a path, echoes the rest
//	big:N      writes one N-byte line first, then echoes
//	raw        writes bytes that are not JSON and a last line without a newline, then exits
//	hang       reads to the end of its input and never exits
func fakeServer(mode string) int {
	name, arg, _ := strings.Cut(mode, ":")
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
			out.Write(lines[i])
		}
		out.Flush()
	case "exit":
		in.ReadBytes('\n')
		return n
	case "big":
		head, tail := `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"`, `"}}`
		out.WriteString(head + strings.Repeat("b", n-len(head)-len(tail)) + tail + "\n")
		out.Flush()
	case "raw":
		out.WriteString("not json at all\r\n{\"a\":1,\"a\":2}\n\xff\xfe last line, no newline")
		return 0
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
				out.Write(l)
			}
			out.Flush()
		}
	default:
		fmt.Fprintf(os.Stderr, "fake server: unknown mode %q\n", mode)
		return 2
	}
	for {
		l, err := in.ReadBytes('\n')
		out.Write(l)
		out.Flush()
		if err != nil {
			return 0
		}
	}
}
