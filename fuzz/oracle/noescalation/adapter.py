#!/usr/bin/env python3
"""adapter.py: the SEP-3246 reference guard served as a canonfuzz guard.

Serves the `check` operation of the canonfuzz subprocess protocol, version 2
(fuzz/oracle/subprocess/PROTOCOL.md), with the effbound check of the SEP's
reference implementation, alinamiretai/no-escalation, proxy/provenance.py.
That code has no licence and is never part of canonfuzz: bring the repository
onto the machine yourself and name its proxy/ folder here.

    python3 adapter.py --proxy-dir /tmp/no-escalation/proxy
    NOESCALATION_PROXY=/tmp/no-escalation/proxy python3 adapter.py

What it asks the reference code is what its guard (proxy/guard.py,
Guard.process_outbound) asks of a tools/call: each operand is decoded as the
guard decodes a line (UTF-8, errors replaced) and parsed with json.loads; the
provenance object is read as read_from_meta reads it (a falsy one is
absent, which here is the empty chain, since the question is the chain as
given); the name is params.get("name"), the arguments
params.get("arguments", {}); the decision is Chain.admits. An exception is
answered ok false (undecided): in the reference guard it would end the thread
that relays the client's messages.

Standard library only, like the code it loads.
"""

import argparse
import base64
import binascii
import hashlib
import json
import os
import sys

ENV = "NOESCALATION_PROXY"
FILES = ("provenance.py", "canonical.py")


def load(proxy_dir):
    """Import provenance from proxy_dir and name what was loaded."""
    for f in FILES:
        if not os.path.isfile(os.path.join(proxy_dir, f)):
            raise SystemExit(f"adapter.py: {f} is not in {proxy_dir}: give the reference guard's proxy/ folder "
                             f"with --proxy-dir or ${ENV}")
    sys.dont_write_bytecode = True  # leave the reference folder as it was
    sys.path.insert(0, proxy_dir)
    import provenance  # noqa: E402  (the reference guard's module)
    h = hashlib.sha256()
    for f in FILES:
        with open(os.path.join(proxy_dir, f), "rb") as fh:
            h.update(fh.read())
    return provenance, "proxy sha256 " + h.hexdigest()[:16]


def decode(b64):
    """The bytes of a base64 operand, strictly."""
    if not isinstance(b64, str):
        raise ValueError("protocol: operand is not a base64 string")
    return base64.b64decode(b64, validate=True)


def check(provenance, prov_bytes, params_bytes):
    """The reference guard's decision on one chain and one call."""
    prov = json.loads(prov_bytes.decode("utf-8", errors="replace"))
    params = json.loads(params_bytes.decode("utf-8", errors="replace"))
    message = {"method": "tools/call", "params": dict(params, _meta={provenance.META_KEY: prov})}
    chain = provenance.read_from_meta(message) or provenance.Chain()
    name = message["params"].get("name")
    arguments = message["params"].get("arguments", {})
    return chain.admits(name, arguments)


def answer(provenance, version, req):
    op = req.get("op")
    if op == "hello":
        return {"ok": True, "name": "no-escalation/provenance.py", "version": version,
                "protocol": 2 if req.get("protocol", 1) >= 2 else 1}
    if op == "check":
        try:
            prov, params = decode(req.get("provenance")), decode(req.get("params"))
        except (ValueError, binascii.Error) as e:
            return {"ok": False, "error": str(e)}
        try:
            admitted = check(provenance, prov, params)
        except RecursionError as e:
            return {"ok": False, "error": "RecursionError: " + str(e)}
        except Exception as e:  # the reference guard raised: undecided
            return {"ok": False, "error": (type(e).__name__ + ": " + str(e)).replace("\n", " ")[:500]}
        return {"ok": True, "decision": "admit" if admitted else "deny"}
    return {"ok": False, "error": "unknown op: " + str(op)}


def pin_hash_seed():
    """Run under PYTHONHASHSEED=0. The reference code iterates a set of
    argument names (meet_rules), whose order Python randomizes per process,
    and which exception or answer comes first depends on it; a fixed seed
    makes every run of the study ask the same question of the same code."""
    if os.environ.get("PYTHONHASHSEED") != "0":
        env = dict(os.environ, PYTHONHASHSEED="0")
        os.execve(sys.executable, [sys.executable] + sys.argv, env)


def main():
    pin_hash_seed()
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--proxy-dir", default=os.environ.get(ENV), help="the reference guard's proxy/ folder")
    args = ap.parse_args()
    if not args.proxy_dir:
        raise SystemExit(f"adapter.py: no reference guard: give its proxy/ folder with --proxy-dir or ${ENV}")
    provenance, version = load(args.proxy_dir)
    sys.setrecursionlimit(10000)
    for line in sys.stdin:
        req = json.loads(line)
        resp = answer(provenance, version, req)
        resp["id"] = req.get("id")
        sys.stdout.write(json.dumps(resp) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
