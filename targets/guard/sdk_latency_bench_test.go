package guard

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"testing"

	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The guard's latency as an MCP application sees it (issue 20): the Go
// SDK's client calls a tool of the Go SDK's server (the test binary's
// sdkecho mode), one call at a time, on three paths in turn, as
// BenchmarkProxyLatency does: direct (mcp.CommandTransport), through
// guard.Proxy in this process, and through the `canonfuzz guard` binary.
// Cases: a tools/call (decided against the bound, forwarded with its hop)
// and a ping (relayed).
//
//	go test -run '^$' -bench BenchmarkSDKLatency -count 10 ./targets/guard/ | tee sdk.txt
//	go tool benchstat sdk.txt
func BenchmarkSDKLatency(b *testing.B) {
	ctx := context.Background()
	sessions := [3]*mcp.ClientSession{
		sdkConnect(b, &mcp.CommandTransport{Command: sdkEchoServer()}),
		sdkConnect(b, sdkThroughGuard(b)),
		sdkConnect(b, &mcp.CommandTransport{Command: sdkEchoBinaryGuard(b)}),
	}
	for _, s := range sessions {
		defer s.Close()
	}
	call := &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"path": "/srv/acme/README"}}
	for _, c := range []struct {
		name string
		trip func(*mcp.ClientSession) error
	}{
		{"call", func(s *mcp.ClientSession) error {
			res, err := s.CallTool(ctx, call)
			if err == nil && (res.IsError || len(res.Content) != 1) {
				err = errors.New("the echo tool failed")
			}
			return err
		}},
		{"ping", func(s *mcp.ClientSession) error { return s.Ping(ctx, nil) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			var paths []latencyPath
			for i, s := range sessions {
				trip := func() {
					if err := c.trip(s); err != nil {
						b.Fatal(err)
					}
				}
				trip() // warm
				paths = append(paths, latencyPath{[]string{"direct", "guard", "binary"}[i], trip, 0})
			}
			interleave(b, 0, paths, latencyDiff{"added", "guard", "direct"}, latencyDiff{"binary-added", "binary", "direct"})
		})
	}
}

// sdkEchoPolicy lets the echo tool through with any arguments.
const sdkEchoPolicy = `[{"tool":"echo"}]`

func sdkEchoServer() *exec.Cmd {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), fakeServerEnv+"=sdkecho")
	return cmd
}

func sdkEchoBinaryGuard(b *testing.B) *exec.Cmd {
	cmd := binaryGuard(b, sdkEchoPolicy)
	cmd.Env = sdkEchoServer().Env
	return cmd
}

// sdkThroughGuard is a transport to the sdkecho server through guard.Proxy
// on pipes in this process.
func sdkThroughGuard(b *testing.B) mcp.Transport {
	policy, err := bound.ParseBound([]byte(sdkEchoPolicy))
	if err != nil {
		b.Fatal(err)
	}
	p := &Proxy{Config: Config{Component: "guard", Policy: policy, Absent: Originate}, Command: os.Args[0], Env: sdkEchoServer().Env}
	toGuard, fromGuard, finish := runOnPipes(b, p)
	b.Cleanup(finish)
	return &mcp.IOTransport{Reader: nopReadCloser{fromGuard}, Writer: nopWriteCloser{toGuard}}
}

func sdkConnect(b *testing.B, t mcp.Transport) *mcp.ClientSession {
	client := mcp.NewClient(&mcp.Implementation{Name: "canonfuzz-latency", Version: "1"}, nil)
	s, err := client.Connect(context.Background(), t, nil)
	if err != nil {
		b.Fatal(err)
	}
	return s
}

// sdkEchoServe is the fake server's sdkecho mode: an MCP server built with
// the Go SDK whose one tool, echo, answers at once.
func sdkEchoServe() int {
	srv := mcp.NewServer(&mcp.Implementation{Name: "canonfuzz-sdk-echo", Version: "1"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "echo", Description: "answers at once"},
		func(_ context.Context, req *mcp.CallToolRequest, _ struct {
			Path string `json:"path"`
		}) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}}, nil, nil
		})
	t := &mcp.IOTransport{Reader: os.Stdin, Writer: nopWriteCloser{os.Stdout}}
	if err := srv.Run(context.Background(), t); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, mcp.ErrConnectionClosed) {
		return 1
	}
	return 0
}
