#!/usr/bin/env python3
"""A stdio server that reads its input as the MCP Python SDK's stdio
transport does: text mode with universal newlines
(io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", newline=None)), so a
CR, an LF or a CRLF ends a line; each line is split again with
str.splitlines (which also splits on VT, FF, FS, GS, RS, NEL, LS, PS), the
most any Python line reader splits on. Every piece is appended to LOG as
one JSON string per line before anything else is done with it; a piece that
is a JSON-RPC request is answered with an empty result (a tools/call too:
that is "running" it). Python 3 standard library only.

usage: textmode.py LOG
"""
import io
import json
import sys

log = open(sys.argv[1], "a", encoding="utf-8")
stdin = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace", newline=None)
out = sys.stdout.buffer
for line in stdin:
    for piece in line.splitlines():
        log.write(json.dumps(piece) + "\n")
        log.flush()
        try:
            msg = json.loads(piece)
        except ValueError:
            continue
        if isinstance(msg, dict) and "method" in msg and "id" in msg:
            out.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], "result": {}}).encode() + b"\n")
            out.flush()
