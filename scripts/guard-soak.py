#!/usr/bin/env python3
"""The guard soak (make guard-soak): a large mixed hostile workload streamed
through the real `canonfuzz guard` binary to a server that logs every line
it reads (targets/guard/testdata/servers/textmode.py: universal newlines,
then str.splitlines, as the MCP Python SDK reads), then checked from that
log and from what the client read:

  - nothing unadmitted or out of bound reached the server: every tools/call
    it read is an in-bound call carrying this guard's hop, and no line it
    read is a smuggled call, an out-of-bound call or a refused message;
  - every message the guard relays is one line to the server (it read
    exactly as many lines as were relayed);
  - every request got exactly one answer: each id once, and one id-null
    answer per message refused before its id could be read, -32600 for
    each request with id null (MCP forbids it; the server never reads one);
  - the guard exited 0.

Python 3 standard library only.

usage: guard-soak.py [--guard BIN] [--messages N] [--seed S] [--max-message B]
"""
import argparse
import collections
import json
import os
import random
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SERVER = os.path.join(ROOT, "targets", "guard", "testdata", "servers", "textmode.py")
POLICY = '[{"tool":"read_file","args":{"path":{"prefix":"/srv/acme/"}}}]'
COMPONENT = "soak-guard"


def call(ident, path, extra=""):
    return ('{"jsonrpc":"2.0","id":%s,"method":"tools/call","params":{"name":"read_file","arguments":{"path":%s%s}}}'
            % (json.dumps(ident), json.dumps(path), extra))


def workload(n, rng, max_message):
    """Yield (kind, id, line): kind says what the guard must do with it."""
    kinds = ["in", "out", "ping", "notification", "response", "smuggle", "duplicate", "oversize", "unparseable", "null-id"]
    weights = [30, 20, 10, 10, 5, 15, 4, 2, 4, 2]
    for i in range(n):
        kind = rng.choices(kinds, weights)[0]
        ident = "%s-%d" % (kind, i)
        if kind == "in":
            yield kind, ident, call(ident, "/srv/acme/file-%d" % i)
        elif kind == "out":
            path = rng.choice(["/etc/passwd", "/srv/acme", "/srv/acme/../etc/shadow", "/srv/acmex/a", "/SRV/acme/a"])
            yield kind, ident, call(ident, path)
        elif kind == "ping":
            yield kind, ident, '{"jsonrpc":"2.0","id":%s,"method":"ping"}' % json.dumps(ident)
        elif kind == "notification":
            yield kind, None, '{"jsonrpc":"2.0","method":"notifications/progress","params":{"n":%d}}' % i
        elif kind == "response":
            yield kind, None, '{"jsonrpc":"2.0","id":%s,"result":{}}' % json.dumps(ident)
        elif kind == "smuggle":
            hidden = call("smuggled-%d" % i, rng.choice(["/etc/passwd", "/srv/acme/x"]))
            end = rng.choice(["\r", "\r\r", " \r\t"])
            carrier = rng.choice(["notification", "response", "ping", "raw-ls"])
            if carrier == "notification":
                yield "smuggle", None, '{"jsonrpc":"2.0","method":"notifications/x","params":{"a":%s%s%s}}' % (end, hidden, end)
            elif carrier == "response":
                yield "smuggle", None, '{"jsonrpc":"2.0","id":%s,"result":{"a":%s%s%s}}' % (json.dumps(ident), end, hidden, end)
            elif carrier == "ping":
                yield "smuggle-ping", ident, '{"jsonrpc":"2.0","id":%s,"method":"ping","params":{"a":%s%s%s}}' % (json.dumps(ident), end, hidden, end)
            else:
                sep = rng.choice(["\u2028", "\u2029", "\u0085"])
                yield "smuggle", None, '{"jsonrpc":"2.0","method":"notifications/x","params":{"s":"%s","a":%s}}' % (sep, hidden)
        elif kind == "duplicate":
            # two readings: a lenient server could take the later method;
            # refused, and answered by its one id (docs/GUARD.md, red-team
            # pass, "ids: refusals")
            yield kind, ident, ('{"jsonrpc":"2.0","id":%s,"method":"ping","method":"tools/call","params":{"name":"read_file","arguments":{"path":"/etc/passwd"}}}'
                               % json.dumps(ident))
        elif kind == "oversize":
            # answered -32700 by the id its first 4 KiB show ("ids: over the cap")
            pad = "x" * (max_message + 1)
            yield kind, ident, call(ident, "/srv/acme/a", ',"pad":"%s"' % pad)
        elif kind == "null-id":
            # a request with id null, which MCP forbids: refused -32600 with
            # id null, never relayed (docs/GUARD.md, red-team pass 4)
            method = rng.choice(["ping", "tools/list", "tools/call"])
            name = rng.choice(['"id"', '"\\u0069d"'])
            yield kind, None, '{"jsonrpc":"2.0",%s:null,"method":"%s","params":{"name":"read_file","arguments":{"path":"/srv/acme/a"}}}' % (name, method)
        else:  # unparseable: cut short, trailing garbage (id null), a lone surrogate (by its id)
            which = rng.randrange(3)
            if which == 0:
                yield "unparseable", None, call(ident, "/etc/passwd")[:-3]
            elif which == 1:
                yield "unparseable", None, call(ident, "/srv/acme/a") + "x"
            else:
                yield "unparseable", ident, '{"jsonrpc":"2.0","id":%s,"method":"ping","params":{"s":"\\ud800"}}' % json.dumps(ident)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--guard", default=os.path.join(ROOT, "bin", "product", "canonfuzz"))
    ap.add_argument("--messages", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-message", type=int, default=64 << 10)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    msgs = list(workload(args.messages, rng, args.max_message))
    work = tempfile.mkdtemp(prefix="guard-soak-")
    policy = os.path.join(work, "policy.json")
    with open(policy, "w") as f:
        f.write(POLICY)
    log = os.path.join(work, "server-read.log")
    guard_err = open(os.path.join(work, "guard-stderr.log"), "w")
    cmd = [args.guard, "guard", "--policy", policy, "--component", COMPONENT, "--absent", "originate",
           "--max-message", str(args.max_message), "--", sys.executable, SERVER, log]
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=guard_err)

    def feed():
        try:
            for _, _, line in msgs:
                proc.stdin.write(line.encode("utf-8") + b"\n")
            proc.stdin.close()
        except BrokenPipeError:
            pass  # the guard exited early: its status says why

    writer = threading.Thread(target=feed)
    writer.start()
    answers = collections.Counter()
    null_answers = 0
    null_codes = collections.Counter()
    codes = {}
    for raw in proc.stdout:
        for c in (b"\r", b"\x0b", b"\x0c", b"\x1c", b"\x1d", b"\x1e", "\u0085".encode(), "\u2028".encode(), "\u2029".encode()):
            if c in raw.rstrip(b"\n"):
                fail("the client read a line holding a line end %r: %.200r" % (c, raw))
        msg = json.loads(raw)
        if "method" in msg:
            fail("the client read a request from the server: %.200r" % raw)
        if msg.get("id") is None:
            null_answers += 1
            null_codes[(msg.get("error") or {}).get("code")] += 1
            continue
        answers[msg["id"]] += 1
        codes[msg["id"]] = (msg.get("error") or {}).get("code")
    writer.join()
    status = proc.wait()
    failures = []

    def check(ok, what):
        if not ok:
            failures.append(what)

    check(status == 0, "the guard exited %d (stderr in %s)" % (status, guard_err.name))
    kinds = collections.Counter(k for k, _, _ in msgs)
    relayed = kinds["in"] + kinds["ping"] + kinds["notification"] + kinds["response"] + kinds["smuggle"] + kinds["smuggle-ping"]
    refused_null = sum(1 for k, ident, _ in msgs if k == "unparseable" and ident is None)
    check(null_answers == refused_null + kinds["null-id"],
          "%d id-null answers, want %d (unparseable: cut short or trailing content; requests with id null)" % (null_answers, refused_null + kinds["null-id"]))
    check(null_codes[-32600] == kinds["null-id"], "%d id-null answers -32600, want %d (requests with id null)" % (null_codes[-32600], kinds["null-id"]))
    for kind, ident, _ in msgs:
        if ident is None:
            continue
        check(answers[ident] == 1, "%s %s answered %d times" % (kind, ident, answers[ident]))
        if kind == "out":
            check(codes.get(ident) == -32001, "%s answered %r, want -32001" % (ident, codes.get(ident)))
        elif kind in ("in", "ping", "smuggle-ping"):
            check(codes.get(ident) is None, "%s answered with error %r, want the server's result" % (ident, codes.get(ident)))
    read = 0
    if not os.path.exists(log):
        open(log, "w").close()  # the server never started: it read nothing
    with open(log, encoding="utf-8") as f:
        for entry in f:
            piece = json.loads(entry)
            read += 1
            check(piece.strip() != "", "the server read an empty line: a message was split")
            try:
                m = json.loads(piece)
            except ValueError:
                failures.append("the server read a line that is not JSON: %.200r" % piece)
                continue
            if not isinstance(m, dict):
                failures.append("the server read a JSON text that is not an object: %.200r" % piece)
                continue
            if m.get("method") == "tools/call":
                ident = str(m.get("id"))
                hops = (((m.get("params") or {}).get("_meta") or {}).get("io.noescalation/provenance") or {}).get("chain") or []
                check(ident.startswith("in-"), "the server read a tools/call that is not an in-bound call: %.200r" % piece)
                check(any(h.get("component") == COMPONENT for h in hops), "a tools/call without this guard's hop: %.200r" % piece)
            if str(m.get("id", "")).startswith(("out-", "duplicate-", "oversize-", "unparseable-")):
                failures.append("a refused message reached the server: %.200r" % piece)
    check(read == relayed, "the server read %d lines, want %d (one per relayed message)" % (read, relayed))
    summary = ", ".join("%s %d" % kv for kv in sorted(kinds.items()))
    print("guard-soak: %d messages (%s); %d answers by id, %d id-null; the server read %d lines; guard exit %d"
          % (len(msgs), summary, sum(answers.values()), null_answers, read, status))
    if failures:
        for f in failures[:50]:
            print("guard-soak: FAIL: " + f, file=sys.stderr)
        print("guard-soak: %d failures; work files in %s" % (len(failures), work), file=sys.stderr)
        sys.exit(1)
    print("guard-soak: ok (work files in %s)" % work)


def fail(what):
    print("guard-soak: FAIL: " + what, file=sys.stderr)
    sys.exit(1)


main()
