package guard

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/canonfuzz/canonfuzz/internal/proctest"
	"github.com/canonfuzz/canonfuzz/targets/bound"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The official Go MCP SDK (github.com/modelcontextprotocol/go-sdk, pinned
// in go.mod, a test-only dependency) on both sides of the guard: its
// client cancels a call by cancelling the call's context, which sends
// notifications/cancelled; its server cancels the tool handler's context
// when it reads one, and then answers the cancelled call with an error all
// the same (a late answer, which MCP "Cancellation" says the client
// ignores). A variant of the server never answers the cancelled call, as
// a tool that does not return once cancelled (or the TypeScript SDK's
// server) does.

// sdkQuiet bounds each wait of the SDK test for something that is due at
// once (ten times what it takes on a loaded machine): only a hang fails it.
const sdkQuiet = 20 * time.Second

// sdkServer is the fake server's sdk mode: an MCP server built with the Go
// SDK on standard input and output, which copies what it reads to the file
// record. Its tool "slow" sends a progress notification and runs until its
// context is cancelled (or a minute passes), then returns the SDK's error
// for the cancelled call, or with never true, never returns (the server
// then exits at the end of its input); "was_cancelled" answers "yes" once
// a slow call has seen its cancellation, "no" after sdkQuiet.
func sdkServer(never bool, record string) int {
	f, err := os.OpenFile(record, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return 1
	}
	defer f.Close()
	srv := mcp.NewServer(&mcp.Implementation{Name: "canonfuzz-sdk-server", Version: "1"}, nil)
	cancelled := make(chan struct{})
	var once sync.Once
	text := func(s string) *mcp.CallToolResult {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
	}
	mcp.AddTool(srv, &mcp.Tool{Name: "slow", Description: "runs until cancelled"},
		func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			if err := req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: req.Params.GetProgressToken(), Message: "started"}); err != nil {
				return nil, nil, err
			}
			select {
			case <-ctx.Done():
				once.Do(func() { close(cancelled) })
				if never {
					select {}
				}
				return nil, nil, ctx.Err()
			case <-time.After(time.Minute):
				return text("finished"), nil, nil
			}
		})
	mcp.AddTool(srv, &mcp.Tool{Name: "was_cancelled", Description: "whether a slow call saw its cancellation"},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			select {
			case <-cancelled:
				return text("yes"), nil, nil
			case <-time.After(sdkQuiet):
				return text("no"), nil, nil
			}
		})
	in := &eofReader{r: io.TeeReader(os.Stdin, f), eof: make(chan struct{})}
	if never {
		// a handler that never returns keeps Run from returning
		go func() {
			<-in.eof
			os.Exit(0)
		}()
	}
	t := &mcp.IOTransport{Reader: io.NopCloser(in), Writer: nopWriteCloser{os.Stdout}}
	if err := srv.Run(context.Background(), t); err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, mcp.ErrConnectionClosed) {
		return 1
	}
	return 0
}

// eofReader closes eof when its reader returns an error.
type eofReader struct {
	r    io.Reader
	eof  chan struct{}
	once sync.Once
}

func (e *eofReader) Read(b []byte) (int, error) {
	n, err := e.r.Read(b)
	if err != nil {
		e.once.Do(func() { close(e.eof) })
	}
	return n, err
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// nopReadCloser keeps the client's Close from closing the guard's output
// before the guard is done writing it: the test reads all of it.
type nopReadCloser struct{ io.Reader }

func (nopReadCloser) Close() error { return nil }

// TestSDKClientCancelsThroughTheGuard: an SDK client calls "slow" through
// the guard and cancels the call's context once the tool has started. The
// guard forwards the client's notifications/cancelled (the server's input
// holds it, and the server's tool saw its context cancelled), relays no
// answer for the cancelled id (the SDK server's late one is dropped), the
// session goes on (a later call succeeds), and when it ends the guard
// answers nothing for the cancelled id (no -32000). Against the SDK's
// server, which answers the cancelled call late, and one that never does.
func TestSDKClientCancelsThroughTheGuard(t *testing.T) {
	for _, server := range []string{"late", "never"} {
		t.Run(server, func(t *testing.T) { sdkCancelThroughTheGuard(t, server) })
	}
}

func sdkCancelThroughTheGuard(t *testing.T, server string) {
	record := filepath.Join(t.TempDir(), "server-input.jsonl")
	policy, err := bound.ParseBound([]byte(`[{"tool":"slow"},{"tool":"was_cancelled"}]`))
	if err != nil {
		t.Fatal(err)
	}
	var guardLog proctest.Output
	p := &Proxy{
		Config:  Config{Component: "sdk-guard", Policy: policy, Absent: Originate},
		Command: os.Args[0],
		Env:     append(os.Environ(), fakeServerEnv+"=sdk:"+server+":"+record, "GORACE=atexit_sleep_ms=0"),
		Log:     &guardLog,
	}
	cr, cw := io.Pipe()              // client -> guard
	or, ow := io.Pipe()              // guard -> client
	t.Cleanup(func() { cw.Close() }) // a test that fails early ends the session
	var out proctest.Output          // every byte the guard wrote to the client, recorded first
	done := make(chan int, 1)
	go func() {
		code, err := p.Run(cr, io.MultiWriter(&out, ow))
		if err != nil {
			t.Errorf("Run: %v", err)
		}
		ow.Close()
		done <- code
	}()

	started := make(chan struct{}, 1)
	client := mcp.NewClient(&mcp.Implementation{Name: "canonfuzz-sdk-client", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(context.Context, *mcp.ProgressNotificationClientRequest) {
			select {
			case started <- struct{}{}:
			default:
			}
		},
	})
	ctx, stop := context.WithTimeout(context.Background(), 3*sdkQuiet)
	defer stop()
	session, err := client.Connect(ctx, &mcp.IOTransport{Reader: nopReadCloser{or}, Writer: cw}, nil)
	if err != nil {
		t.Fatalf("connect through the guard: %v (guard log %q)", err, guardLog.String())
	}
	callCtx, cancel := context.WithCancel(ctx)
	slow := &mcp.CallToolParams{Name: "slow", Arguments: map[string]any{}}
	slow.SetProgressToken("slow")
	called := make(chan error, 1)
	go func() {
		_, err := session.CallTool(callCtx, slow)
		called <- err
	}()
	select {
	case <-started:
	case <-time.After(sdkQuiet):
		t.Fatalf("the slow tool did not start in %v (guard log %q)", sdkQuiet, guardLog.String())
	}
	cancel()
	if err := <-called; !errors.Is(err, context.Canceled) {
		t.Fatalf("the cancelled call returned %v, want context.Canceled", err)
	}
	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "was_cancelled", Arguments: map[string]any{}})
	if err != nil || res.IsError || len(res.Content) != 1 {
		t.Fatalf("the call after the cancel: %+v, %v", res, err)
	}
	if tc, ok := res.Content[0].(*mcp.TextContent); !ok || tc.Text != "yes" {
		t.Errorf("the server's slow tool did not see its cancellation: %+v", res.Content[0])
	}
	closed := make(chan error, 1)
	go func() { closed <- session.Close() }()
	select {
	case code := <-done:
		if code != ExitClean {
			t.Errorf("guard exit %d (log %q)", code, guardLog.String())
		}
	case <-time.After(sdkQuiet):
		t.Fatalf("the guard did not exit in %v after the client closed", sdkQuiet)
	}
	if err := <-closed; err != nil {
		t.Logf("closing the client session: %v", err)
	}

	// The cancelled call's id, as the server read it, and its cancel.
	input, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	var slowID json.RawMessage
	cancels := 0
	for _, l := range bytes.Split(bytes.TrimSuffix(input, []byte("\n")), []byte("\n")) {
		var m struct {
			ID     json.RawMessage
			Method string
			Params struct {
				Name      string
				RequestID json.RawMessage `json:"requestId"`
			}
		}
		if err := json.Unmarshal(l, &m); err != nil {
			t.Fatalf("the server read %q: %v", l, err)
		}
		switch {
		case m.Method == MethodCall && m.Params.Name == "slow":
			slowID = m.ID
		case m.Method == MethodCancelled && slowID != nil && bytes.Equal(m.Params.RequestID, slowID):
			cancels++
		}
	}
	if slowID == nil || cancels != 1 {
		t.Fatalf("the server read the slow call as id %s and %d cancels of it, want one:\n%s", slowID, cancels, input)
	}
	// Nothing the client read answers the cancelled id, and nothing is
	// the guard's -32000.
	for _, l := range bytes.Split(bytes.TrimSuffix([]byte(out.String()), []byte("\n")), []byte("\n")) {
		var m struct {
			ID     json.RawMessage
			Method string
			Error  *struct{ Code int }
		}
		if err := json.Unmarshal(l, &m); err != nil {
			t.Fatalf("the client read %q: %v", l, err)
		}
		if m.Method == "" && bytes.Equal(m.ID, slowID) {
			t.Errorf("the guard relayed an answer to the cancelled call %s: %s", slowID, l)
		}
		if m.Error != nil && m.Error.Code == CodeServerGone {
			t.Errorf("the guard answered for the server: %s", l)
		}
	}
}
