#!/usr/bin/env python3
"""adapter.py: a Python RFC 8785 library served as a canonfuzz canonicalizer.

Serves `hello` and `canonicalize` of the canonfuzz subprocess protocol,
version 1 (fuzz/oracle/subprocess/PROTOCOL.md), with one of three Python
libraries whose code is never part of canonfuzz (scripts/study-ext.sh brings
each from a folder of fetched sources into bin/ext/python/LIB):

    --lib cyberphone   cyberphone/json-canonicalization, python3/src,
                       org.webpki.json.Canonicalize.canonicalize
    --lib jcs          titusz/jcs (PyPI jcs), jcs.canonicalize
    --lib rfc8785      trailofbits/rfc8785.py (PyPI rfc8785), rfc8785.dumps

All three canonicalize Python values, not text: the text is parsed the way
their documentation shows, json.loads (so a duplicate name keeps the last
value, NaN and Infinity are read, an integer keeps every digit), after a
strict UTF-8 decode (the protocol asks for ill-formed input to be refused,
never replaced). Anything the parse or the library raises is a refusal.

    python3 adapter.py --lib jcs --dir bin/ext/python/jcs

DIR holds the library's importable code and SOURCE, the lines
`repository URL`, `commit HASH` and `version V` the build script wrote from
the fetched folder; hello reports the version the library itself declares
(its __version__, or SOURCE's for cyberphone, which declares none) and the
repository and commit it was built from.

Standard library only.
"""

import argparse
import base64
import binascii
import json
import os
import sys

LIBS = {
    "cyberphone": "cyberphone/json-canonicalization (Python)",
    "jcs": "pypi/jcs",
    "rfc8785": "pypi/rfc8785",
}


def read_source(d):
    """The repository, commit and version the build script recorded."""
    path = os.path.join(d, "SOURCE")
    try:
        with open(path, encoding="utf-8") as f:
            fields = dict(line.rstrip("\n").split(" ", 1) for line in f if " " in line)
    except OSError as e:
        raise SystemExit(f"adapter.py: {path}: {e}: build it with make study-ext EXT=/path/to/sources")
    for k in ("repository", "commit", "version"):
        if k not in fields:
            raise SystemExit(f"adapter.py: {path} has no {k} line: rebuild it with make study-ext")
    return fields


def load(lib, d):
    """The library's canonicalize function and its declared version."""
    sys.dont_write_bytecode = True  # leave the built folder as the build left it
    sys.path.insert(0, d)
    if lib == "cyberphone":
        from org.webpki.json.Canonicalize import canonicalize  # noqa: E402
        return canonicalize, None
    if lib == "jcs":
        import jcs  # noqa: E402
        return jcs.canonicalize, jcs.__version__
    import rfc8785  # noqa: E402
    return rfc8785.dumps, rfc8785.__version__


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lib", required=True, choices=sorted(LIBS))
    ap.add_argument("--dir", required=True, help="the built folder, bin/ext/python/LIB")
    args = ap.parse_args()
    src = read_source(args.dir)
    canonicalize, declared = load(args.lib, args.dir)
    if declared is not None and declared != src["version"]:
        raise SystemExit(f"adapter.py: {args.dir} declares version {declared}, SOURCE says {src['version']}: rebuild it")
    version = f"{src['version']} ({src['repository']} {src['commit'][:12]})"
    for line in sys.stdin:
        req = json.loads(line)
        resp = {"id": req.get("id"), "ok": True}
        op = req.get("op")
        if op == "hello":
            resp.update(name=LIBS[args.lib], version=version, protocol=1)
        elif op == "canonicalize":
            try:
                raw = base64.b64decode(req.get("input", ""), validate=True)
            except (binascii.Error, ValueError) as e:
                resp = {"id": req.get("id"), "ok": False, "error": f"protocol: input is not base64: {e}"}
            else:
                try:
                    out = canonicalize(json.loads(raw.decode("utf-8", errors="strict")))
                    resp["output"] = base64.b64encode(out).decode("ascii")
                except RecursionError:
                    resp = {"id": req.get("id"), "ok": False, "error": "RecursionError: nesting too deep"}
                except Exception as e:  # the library's or the parser's refusal, whatever it raised
                    resp = {"id": req.get("id"), "ok": False, "error": f"{type(e).__name__}: {e}"[:300]}
        else:
            resp = {"id": req.get("id"), "ok": False, "error": f"unknown op: {op}"}
        sys.stdout.write(json.dumps(resp) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
