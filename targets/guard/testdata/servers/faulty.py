#!/usr/bin/env python3
"""A stdio MCP server that misbehaves on purpose, for the proxy's liveness
tests (targets/guard/liveness_test.go). Python 3 standard library only.

usage: faulty.py MODE PIDFILE

Every mode first writes its pid (and that of any child it starts) to
PIDFILE, one per line, so that the test can check nothing outlives the
guard. Modes:

  stall        never reads its input, ignores SIGTERM, SIGINT and SIGHUP, starts a
               child that does too and sleeps (the process group must be
               killed with SIGKILL, not just the leader)
  longline     writes 100 KiB without a newline, then stalls as stall does
  exit:N       reads N requests, answers none, exits with status 1
  closeout:N   reads N requests, closes its stdout, keeps reading
  killself:N   reads N requests, answers none, SIGKILLs itself
  termanswers  reads requests, answers none until SIGTERM; on SIGTERM writes
               PIDFILE.term, answers every request read and exits 0; ignores
               the end of its input; appends each id it reads to PIDFILE.read
  echo         answers each request with an empty result; exits at the end
               of its input
"""
import json
import os
import signal
import subprocess
import sys
import time


def write_pids(path, pids):
    with open(path + ".tmp", "w") as f:
        f.write("".join("%d\n" % p for p in pids))
    os.rename(path + ".tmp", path)


def requests(n):
    """Read n request lines from stdin (binary, split on LF only)."""
    ids = []
    for line in sys.stdin.buffer:
        msg = json.loads(line)
        if "id" in msg and "method" in msg:
            ids.append(msg["id"])
        if len(ids) == n:
            break
    return ids


def answer(ids):
    out = sys.stdout.buffer
    for i in ids:
        out.write(json.dumps({"jsonrpc": "2.0", "id": i, "result": {"from": "server"}}).encode() + b"\n")
    out.flush()


def main():
    mode, pidfile = sys.argv[1], sys.argv[2]
    name, _, arg = mode.partition(":")
    pids = [os.getpid()]
    if name in ("stall", "longline"):
        ignore = "import signal\nfor s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):\n    signal.signal(s, signal.SIG_IGN)\n"
        exec(ignore)
        child = subprocess.Popen([sys.executable, "-c", ignore + "import time\ntime.sleep(3600)\n"])
        pids.append(child.pid)
    write_pids(pidfile, pids)
    if name == "stall":
        time.sleep(3600)
    elif name == "longline":
        sys.stdout.buffer.write(b'{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"' + b"x" * (100 << 10))
        sys.stdout.buffer.flush()
        time.sleep(3600)
    elif name == "exit":
        requests(int(arg))
        sys.exit(1)
    elif name == "closeout":
        requests(int(arg))
        sys.stdout.close()
        os.close(1)
        for _ in sys.stdin.buffer:
            pass
        time.sleep(3600)
    elif name == "killself":
        requests(int(arg))
        os.kill(os.getpid(), signal.SIGKILL)
    elif name == "termanswers":
        ids = []
        def on_term(signum, frame):
            with open(pidfile + ".term", "w") as f:
                f.write("SIGTERM\n")
            answer(ids)
            os._exit(0)
        signal.signal(signal.SIGTERM, on_term)
        for line in sys.stdin.buffer:
            msg = json.loads(line)
            if "id" in msg and "method" in msg:
                ids.append(msg["id"])
                with open(pidfile + ".read", "a") as f:
                    f.write(json.dumps(msg["id"]) + "\n")
        # short sleeps: a signal that lands between the loop's last check
        # and a long sleep would wait for the sleep to end (CPython runs
        # handlers between bytecodes)
        while True:
            time.sleep(0.05)
    elif name == "echo":
        for line in sys.stdin.buffer:
            msg = json.loads(line)
            if "id" in msg and "method" in msg:
                answer([msg["id"]])
    else:
        sys.exit("faulty.py: unknown mode " + mode)


main()
