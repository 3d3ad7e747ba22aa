// Command gowebpki101 serves github.com/gowebpki/jcs at v1.0.1, the version
// the seeds' differential study ran (the canonfuzz module links v1.0.2), over
// the subprocess protocol (../subprocess/PROTOCOL.md, version 1), for the
// differential study (canonfuzz matrix).
//
// A Go build links one version of a module, so this program is a module of
// its own, with a go.mod that pins v1.0.1 and nothing of canonfuzz (whose
// go.mod would raise it to v1.0.2). For the same reason it carries its own
// few lines of the protocol instead of the subprocess package's Serve.
// Build it with make matrix-oracles:
//
//	cd fuzz/oracle/gowebpki101 && go build -o ../../../bin/oracles/gowebpki101 .
package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/gowebpki/jcs"
)

const module = "github.com/gowebpki/jcs"

type request struct {
	ID    uint64  `json:"id"`
	Op    string  `json:"op"`
	Input *string `json:"input"`
}

type response struct {
	ID       uint64 `json:"id"`
	OK       bool   `json:"ok"`
	Error    string `json:"error,omitempty"`
	Output   string `json:"output,omitempty"`
	Name     string `json:"name,omitempty"`
	Version  string `json:"version,omitempty"`
	Protocol int    `json:"protocol,omitempty"`
}

// version is the version of module linked into this binary.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if ok {
		for _, d := range info.Deps {
			if d.Path == module {
				return d.Version
			}
		}
	}
	return "unknown"
}

func answer(req request) response {
	switch req.Op {
	case "hello":
		return response{ID: req.ID, OK: true, Name: "gowebpki/jcs", Version: version(), Protocol: 1}
	case "canonicalize":
		if req.Input == nil {
			return response{ID: req.ID, Error: "protocol: no input"}
		}
		in, err := base64.StdEncoding.Strict().DecodeString(*req.Input)
		if err != nil {
			return response{ID: req.ID, Error: "protocol: input is not base64"}
		}
		out, err := jcs.Transform(in)
		if err != nil {
			return response{ID: req.ID, Error: err.Error()}
		}
		return response{ID: req.ID, OK: true, Output: base64.StdEncoding.EncodeToString(out)}
	}
	return response{ID: req.ID, Error: "unknown op: " + req.Op}
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 256<<20)
	out := json.NewEncoder(os.Stdout)
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, "gowebpki101: a request that is not JSON:", err)
			os.Exit(1)
		}
		if err := out.Encode(answer(req)); err != nil {
			os.Exit(1)
		}
	}
}
