#!/usr/bin/env python3
"""adapter.py: a Python RFC 8785 library served as a canonfuzz canonicalizer.

Serves `hello` and `canonicalize` of the canonfuzz subprocess protocol,
version 1 (fuzz/oracle/subprocess/PROTOCOL.md), with one of three Python
libraries. The library, and how it is built, are outside this repository:
its code is never part of canonfuzz, and no script or recipe here fetches or
builds it. Someone builds it by their own means from the sources recorded in
matrix/impls/sources.txt into a folder D and lists this adapter in an
impls.txt (format in docs/STUDY.md, "The seven external implementations"):

    --lib cyberphone   cyberphone/json-canonicalization, python3/src,
                       org.webpki.json.Canonicalize.canonicalize
    --lib jcs          titusz/jcs (PyPI jcs), jcs.canonicalize
    --lib rfc8785      trailofbits/rfc8785.py (PyPI rfc8785), rfc8785.dumps

All three canonicalize Python values, not text: the text is parsed the way
their documentation shows, json.loads (so a duplicate name keeps the last
value, NaN and Infinity are read, an integer keeps every digit), after a
strict UTF-8 decode (the protocol asks for ill-formed input to be refused,
never replaced). Anything the parse or the library raises is a refusal.

    python3 matrix/impls/python/adapter.py --lib jcs --dir D

D holds the library's importable code and SOURCE, the lines
`repository REPOSITORY`, `commit HASH` and `version V` (key, one space,
value) that record what it was built from; the adapter does not start when
the library declares another __version__ than V, and hello reports V and the
repository and commit (cyberphone declares no version).

Standard library only.
"""

import argparse
import base64
import binascii
import json
import os
import sys

NOT_INSTALLED = (
    "the library is not installed: it is built outside this repository from the sources recorded in "
    "matrix/impls/sources.txt and listed in DIR/impls.txt (format in docs/STUDY.md); run make matrix STUDY_EXT=DIR"
)

LIBS = {
    "cyberphone": "cyberphone/json-canonicalization (Python)",
    "jcs": "pypi/jcs",
    "rfc8785": "pypi/rfc8785",
}


def read_source(d):
    """The repository, commit and version SOURCE records."""
    path = os.path.join(d, "SOURCE")
    try:
        with open(path, encoding="utf-8") as f:
            fields = dict(line.rstrip("\n").split(" ", 1) for line in f if " " in line)
    except OSError as e:
        raise SystemExit(f"adapter.py: {path}: {e}: {NOT_INSTALLED}")
    for k in ("repository", "commit", "version"):
        if k not in fields:
            raise SystemExit(f"adapter.py: {path} has no `{k} VALUE` line (SOURCE's format: docs/STUDY.md)")
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
    ap.add_argument("--dir", required=True, help="the folder of the built library and its SOURCE")
    args = ap.parse_args()
    src = read_source(args.dir)
    canonicalize, declared = load(args.lib, args.dir)
    if declared is not None and declared != src["version"]:
        raise SystemExit(f"adapter.py: {args.dir} declares version {declared}, SOURCE says {src['version']}: "
                         "not the library SOURCE records (matrix/impls/sources.txt records the study's)")
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
